#ifndef RSVGSHIM_H
#define RSVGSHIM_H

/*
 * CRsvgShim: librsvg, loaded when the first SVG is parsed rather than when the program starts.
 * On Linux the library (librsvg-2.so.2, Debian's librsvg2-2, which librsvg2-dev installs) is
 * opened with dlopen and the functions below are looked up once: the build process, which hands
 * every SVG to its worker processes, does not load it (about 1.8 MB of its relocated data and
 * 2 ms of start-up a process). On macOS librsvg is linked as usual (Homebrew's librsvg) and these
 * call it directly.
 *
 * A document is librsvg's RsvgHandle, released with rsvgshim_release. Each function but
 * rsvgshim_unavailable may be called only after rsvgshim_unavailable() returned NULL.
 */

#include <glib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NULL when librsvg can be used; otherwise why it cannot (the loader's message). */
const char *rsvgshim_unavailable(void);

/* Loads librsvg and has it read an empty file (/dev/null, which it refuses), so that what its
 * first document starts (GIO's file system layer and its modules, the XML parser, the locale) is
 * done ahead: a worker calls it before its first request. */
void rsvgshim_warm_up(void);

/* The SVG file at `path` parsed with the default (safe) flags, through a GFile so that relative
 * references resolve against its folder; NULL and *error on failure. */
void *rsvgshim_new_from_path(const char *path, GError **error);

void rsvgshim_set_dpi(void *handle, double dpi);

/* The intrinsic size in px when the document gives it in absolute units (1), else 0. */
int rsvgshim_intrinsic_size_in_pixels(void *handle, double *width, double *height);

/* The viewBox's size (1), or 0 when there is none. */
int rsvgshim_viewbox_size(void *handle, double *width, double *height);

/* The whole document, or only the element `layer` ("#id") when it is not NULL, drawn onto `cairo`
 * (a cairo_t *) in the viewport (x, y, width, height). 1, or 0 and *error. */
int rsvgshim_render(void *handle, void *cairo, const char *layer, double x, double y, double width,
                    double height, GError **error);

/* g_object_unref of a document. */
void rsvgshim_release(void *handle);

#ifdef __cplusplus
}
#endif

#endif
