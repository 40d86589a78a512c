// GLib's checksums (GChecksum): SHA-256 for build keys and records. GLib is already a dependency
// of librsvg, gdk-pixbuf and poppler-glib, so this adds nothing to install.
#include <glib.h>
