#ifndef LAZYLIBRARY_H
#define LAZYLIBRARY_H

/*
 * CLazyLibrary: a C library opened with dlopen at its first use (CPopplerShim, CRsvgShim), and
 * its functions looked up in it, with one message for what went wrong. Linux only; on other
 * systems those libraries are linked.
 */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lazy_library {
    /* The runtime library's file name, then the development link's (where only that is installed). */
    const char *names[2];
    /* How messages name the library ("poppler-glib"). */
    const char *what;
    void *handle;
    /* Empty while all is well; otherwise why the library cannot be used. */
    char problem[512];
} lazy_library;

/* Opens the library; 0 (with `problem` set) when it cannot be. */
int lazy_library_open(lazy_library *library);

/* The function `name` in the library, or NULL (with `problem` set, if it was not yet). */
void *lazy_library_find(lazy_library *library, const char *name);

#ifdef __cplusplus
}
#endif

#endif
