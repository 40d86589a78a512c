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

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

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
static char problem[512];

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && problem[0] == 0) {
        snprintf(problem, sizeof problem, "poppler-glib has no %s", name);
    }
    return symbol;
}

static void load(void) {
    // The runtime library's name first; the development link, where only that is installed, next.
    void *library = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libpoppler-glib.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(problem, sizeof problem, "%s", why != NULL ? why : "libpoppler-glib.so.8 cannot be loaded");
        return;
    }
    poppler.from_bytes = (document_from_bytes_fn)find(library, "poppler_document_new_from_bytes");
    poppler.from_file = (document_from_file_fn)find(library, "poppler_document_new_from_file");
    poppler.n_pages = (n_pages_fn)find(library, "poppler_document_get_n_pages");
    poppler.get_page = (get_page_fn)find(library, "poppler_document_get_page");
    poppler.page_size = (page_size_fn)find(library, "poppler_page_get_size");
    poppler.page_render = (page_render_fn)find(library, "poppler_page_render");
    poppler.error_quark = (error_quark_fn)find(library, "poppler_error_quark");
    // GObject's, found through poppler-glib's own dependencies.
    poppler.unref = (unref_fn)find(library, "g_object_unref");
}

const char *popplershim_unavailable(void) {
    pthread_once(&once, load);
    return problem[0] != 0 ? problem : NULL;
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
