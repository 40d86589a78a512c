// See lazylibrary.h.
#include "lazylibrary.h"
#include <stdio.h>

#if defined(__linux__)

#include <dlfcn.h>

int lazy_library_open(lazy_library *library) {
    library->handle = dlopen(library->names[0], RTLD_NOW | RTLD_LOCAL);
    if (library->handle == NULL && library->names[1] != NULL) {
        library->handle = dlopen(library->names[1], RTLD_NOW | RTLD_LOCAL);
    }
    if (library->handle == NULL) {
        const char *why = dlerror();
        snprintf(library->problem, sizeof library->problem, "%s",
                 why != NULL ? why : "the library cannot be loaded");
        return 0;
    }
    return 1;
}

void *lazy_library_find(lazy_library *library, const char *name) {
    void *symbol = library->handle != NULL ? dlsym(library->handle, name) : NULL;
    if (symbol == NULL && library->problem[0] == 0) {
        snprintf(library->problem, sizeof library->problem, "%s has no %s", library->what, name);
    }
    return symbol;
}

#else

int lazy_library_open(lazy_library *library) {
    snprintf(library->problem, sizeof library->problem, "%s is linked, not loaded, on this system", library->what);
    return 0;
}

void *lazy_library_find(lazy_library *library, const char *name) {
    (void)name;
    return NULL;
}

#endif
