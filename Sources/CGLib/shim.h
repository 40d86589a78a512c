// GLib's headers for the librsvg and poppler-glib shims (GObject types, GError). GLib is already a
// dependency of librsvg, gdk-pixbuf and poppler-glib, so this adds nothing to install.
#include <glib.h>
