// librsvg through dlopen on Linux, linked directly on macOS (see rsvgshim.h).
#include "rsvgshim.h"
#include <gio/gio.h>

#if defined(__APPLE__)

#include <librsvg/rsvg.h>

const char *rsvgshim_unavailable(void) { return NULL; }

static RsvgHandle *new_from_gfile(GFile *file, GError **error) {
    return rsvg_handle_new_from_gfile_sync(file, RSVG_HANDLE_FLAGS_NONE, NULL, error);
}

void rsvgshim_set_dpi(void *handle, double dpi) { rsvg_handle_set_dpi(handle, dpi); }

int rsvgshim_intrinsic_size_in_pixels(void *handle, double *width, double *height) {
    return rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height) ? 1 : 0;
}

int rsvgshim_viewbox_size(void *handle, double *width, double *height) {
    gboolean has_viewbox = FALSE;
    RsvgRectangle viewbox = {0, 0, 0, 0};
    rsvg_handle_get_intrinsic_dimensions(handle, NULL, NULL, NULL, NULL, &has_viewbox, &viewbox);
    *width = has_viewbox ? viewbox.width : 0;
    *height = has_viewbox ? viewbox.height : 0;
    return has_viewbox ? 1 : 0;
}

int rsvgshim_render(void *handle, void *cairo, const char *layer, double x, double y, double width,
                    double height, GError **error) {
    RsvgRectangle viewport = {x, y, width, height};
    gboolean ok = layer != NULL ? rsvg_handle_render_layer(handle, cairo, layer, &viewport, error)
                                : rsvg_handle_render_document(handle, cairo, &viewport, error);
    return ok ? 1 : 0;
}

#else

#include "lazylibrary.h"
#include <pthread.h>

// librsvg's signatures (rsvg.h of 2.52 and later, stable since), with RsvgHandle as void * and
// its rectangle and length as the plain structs they are.
typedef struct { double x, y, width, height; } rectangle;
typedef struct { double length; int unit; } length;
typedef void *(*new_from_gfile_fn)(GFile *, int, GCancellable *, GError **);
typedef void (*set_dpi_fn)(void *, double);
typedef gboolean (*size_in_pixels_fn)(void *, double *, double *);
typedef void (*dimensions_fn)(void *, gboolean *, length *, gboolean *, length *, gboolean *, rectangle *);
typedef gboolean (*render_document_fn)(void *, void *, const rectangle *, GError **);
typedef gboolean (*render_layer_fn)(void *, void *, const char *, const rectangle *, GError **);

static struct {
    new_from_gfile_fn new_from_gfile;
    set_dpi_fn set_dpi;
    size_in_pixels_fn size_in_pixels;
    dimensions_fn dimensions;
    render_document_fn render_document;
    render_layer_fn render_layer;
} rsvg;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static lazy_library library = {{"librsvg-2.so.2", "librsvg-2.so"}, "librsvg", NULL, {0}};

static void load(void) {
    if (!lazy_library_open(&library)) return;
    rsvg.new_from_gfile = (new_from_gfile_fn)lazy_library_find(&library, "rsvg_handle_new_from_gfile_sync");
    rsvg.set_dpi = (set_dpi_fn)lazy_library_find(&library, "rsvg_handle_set_dpi");
    rsvg.size_in_pixels = (size_in_pixels_fn)lazy_library_find(&library, "rsvg_handle_get_intrinsic_size_in_pixels");
    rsvg.dimensions = (dimensions_fn)lazy_library_find(&library, "rsvg_handle_get_intrinsic_dimensions");
    rsvg.render_document = (render_document_fn)lazy_library_find(&library, "rsvg_handle_render_document");
    rsvg.render_layer = (render_layer_fn)lazy_library_find(&library, "rsvg_handle_render_layer");
}

const char *rsvgshim_unavailable(void) {
    pthread_once(&once, load);
    return library.problem[0] != 0 ? library.problem : NULL;
}

// RSVG_HANDLE_FLAGS_NONE: the default, safe flags.
static void *new_from_gfile(GFile *file, GError **error) { return rsvg.new_from_gfile(file, 0, NULL, error); }

void rsvgshim_set_dpi(void *handle, double dpi) { rsvg.set_dpi(handle, dpi); }

int rsvgshim_intrinsic_size_in_pixels(void *handle, double *width, double *height) {
    return rsvg.size_in_pixels(handle, width, height) ? 1 : 0;
}

int rsvgshim_viewbox_size(void *handle, double *width, double *height) {
    gboolean has_viewbox = FALSE;
    rectangle viewbox = {0, 0, 0, 0};
    rsvg.dimensions(handle, NULL, NULL, NULL, NULL, &has_viewbox, &viewbox);
    *width = has_viewbox ? viewbox.width : 0;
    *height = has_viewbox ? viewbox.height : 0;
    return has_viewbox ? 1 : 0;
}

int rsvgshim_render(void *handle, void *cairo, const char *layer, double x, double y, double width,
                    double height, GError **error) {
    rectangle viewport = {x, y, width, height};
    gboolean ok = layer != NULL ? rsvg.render_layer(handle, cairo, layer, &viewport, error)
                                : rsvg.render_document(handle, cairo, &viewport, error);
    return ok ? 1 : 0;
}

#endif

void *rsvgshim_new_from_path(const char *path, GError **error) {
    GFile *file = g_file_new_for_path(path);
    void *handle = new_from_gfile(file, error);
    g_object_unref(file);
    return handle;
}

void rsvgshim_release(void *handle) { g_object_unref(handle); }

void rsvgshim_warm_up(void) {
    if (rsvgshim_unavailable() != NULL) return;
    GError *error = NULL;
    void *handle = rsvgshim_new_from_path("/dev/null", &error);
    if (handle != NULL) rsvgshim_release(handle);
    if (error != NULL) g_error_free(error);
}
