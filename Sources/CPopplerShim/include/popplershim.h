#ifndef POPPLERSHIM_H
#define POPPLERSHIM_H

/*
 * CPopplerShim: poppler-glib, loaded when the first PDF is opened rather than when the program
 * starts. On Linux the library (libpoppler-glib.so.8: Debian's libpoppler-glib8, which
 * libpoppler-glib-dev installs) is opened with dlopen and the functions below are looked up
 * once; a process that never reads a PDF (a build without PDF sources, a worker that draws only
 * SVGs) does not load poppler and the sixteen libraries it brings (NSS, NSPR, lcms2, OpenJPEG,
 * libtiff…), which cost every process about 8 ms of start-up and 4 MB of memory. On macOS poppler
 * is linked as usual (Homebrew's poppler) and these call it directly.
 *
 * Documents and pages are poppler's own objects (PopplerDocument *, PopplerPage *), released with
 * popplershim_release. Each function may be called only after popplershim_unavailable() returned NULL.
 */

#include <glib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NULL when poppler-glib can be used; otherwise why it cannot (the loader's message). */
const char *popplershim_unavailable(void);

/* poppler_document_new_from_bytes / _from_file with no password; NULL and *error on failure. */
void *popplershim_document_new_from_bytes(GBytes *bytes, GError **error);
void *popplershim_document_new_from_file(const char *uri, GError **error);

int popplershim_document_get_n_pages(void *document);
/* Page `index` (from 0), or NULL. */
void *popplershim_document_get_page(void *document, int index);
void popplershim_page_get_size(void *page, double *width, double *height);
/* Draws the page onto `cairo` (a cairo_t *). */
void popplershim_page_render(void *page, void *cairo);

/* g_object_unref of a document or page. */
void popplershim_release(void *object);

/* True when `error` is poppler's POPPLER_ERROR_ENCRYPTED. */
int popplershim_is_encrypted_error(const GError *error);

#ifdef __cplusplus
}
#endif

#endif
