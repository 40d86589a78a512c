// poppler-glib through dlopen on Linux, linked directly on macOS (see popplershim.h).
#include "popplershim.h"

#if defined(__APPLE__)

#include <poppler.h>

const char *popplershim_unavailable(void) { return NULL; }

void *popplershim_document_new_from_bytes(GBytes *bytes, GError **error) {
    return poppler_document_new_from_bytes(bytes, NULL, error);
}

void *popplershim_document_new_from_file(const char *uri, GError **error) {
    return poppler_document_new_from_file(uri, NULL, error);
}

int popplershim_document_get_n_pages(void *document) { return poppler_document_get_n_pages(document); }

void *popplershim_document_get_page(void *document, int index) { return poppler_document_get_page(document, index); }

void popplershim_page_get_size(void *page, double *width, double *height) { poppler_page_get_size(page, width, height); }

void popplershim_page_render(void *page, void *cairo) { poppler_page_render(page, cairo); }

void popplershim_release(void *object) { g_object_unref(object); }

int popplershim_is_encrypted_error(const GError *error) {
    return error != NULL && error->domain == poppler_error_quark() && error->code == POPPLER_ERROR_ENCRYPTED;
}

#else

#include "lazylibrary.h"
#include <pthread.h>

// poppler-glib's signatures (glib/poppler-document.h, poppler-page.h, poppler.h of 0.18 and later;
// stable since), with its objects as void *.
typedef void *(*document_from_bytes_fn)(GBytes *, const char *, GError **);
typedef void *(*document_from_file_fn)(const char *, const char *, GError **);
typedef int (*n_pages_fn)(void *);
typedef void *(*get_page_fn)(void *, int);
typedef void (*page_size_fn)(void *, double *, double *);
typedef void (*page_render_fn)(void *, void *);
typedef GQuark (*error_quark_fn)(void);
typedef void (*unref_fn)(void *);

// POPPLER_ERROR_ENCRYPTED in poppler.h's PopplerError (INVALID = 0, ENCRYPTED = 1).
enum { encrypted_code = 1 };

static struct {
    document_from_bytes_fn from_bytes;
    document_from_file_fn from_file;
    n_pages_fn n_pages;
    get_page_fn get_page;
    page_size_fn page_size;
    page_render_fn page_render;
    error_quark_fn error_quark;
    unref_fn unref;
} poppler;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static lazy_library library = {{"libpoppler-glib.so.8", "libpoppler-glib.so"}, "poppler-glib", NULL, {0}};

static void load(void) {
    if (!lazy_library_open(&library)) return;
    poppler.from_bytes = (document_from_bytes_fn)lazy_library_find(&library, "poppler_document_new_from_bytes");
    poppler.from_file = (document_from_file_fn)lazy_library_find(&library, "poppler_document_new_from_file");
    poppler.n_pages = (n_pages_fn)lazy_library_find(&library, "poppler_document_get_n_pages");
    poppler.get_page = (get_page_fn)lazy_library_find(&library, "poppler_document_get_page");
    poppler.page_size = (page_size_fn)lazy_library_find(&library, "poppler_page_get_size");
    poppler.page_render = (page_render_fn)lazy_library_find(&library, "poppler_page_render");
    poppler.error_quark = (error_quark_fn)lazy_library_find(&library, "poppler_error_quark");
    // GObject's, found through poppler-glib's own dependencies.
    poppler.unref = (unref_fn)lazy_library_find(&library, "g_object_unref");
}

const char *popplershim_unavailable(void) {
    pthread_once(&once, load);
    return library.problem[0] != 0 ? library.problem : NULL;
}

void *popplershim_document_new_from_bytes(GBytes *bytes, GError **error) { return poppler.from_bytes(bytes, NULL, error); }

void *popplershim_document_new_from_file(const char *uri, GError **error) { return poppler.from_file(uri, NULL, error); }

int popplershim_document_get_n_pages(void *document) { return poppler.n_pages(document); }

void *popplershim_document_get_page(void *document, int index) { return poppler.get_page(document, index); }

void popplershim_page_get_size(void *page, double *width, double *height) { poppler.page_size(page, width, height); }

void popplershim_page_render(void *page, void *cairo) { poppler.page_render(page, cairo); }

void popplershim_release(void *object) { poppler.unref(object); }

int popplershim_is_encrypted_error(const GError *error) {
    return error != NULL && error->domain == poppler.error_quark() && error->code == encrypted_code;
}

#endif
