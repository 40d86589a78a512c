// The worker processes' system calls that Swift cannot make (variadic prctl and shm_open) or
// should not (wrapping the allocator), kept in one small C file.
#define _GNU_SOURCE
#include "workershim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

static _Atomic long failures = 0;

long workershim_allocation_failures(void) {
    return atomic_load(&failures);
}

int workershim_create_memory(size_t bytes) {
#if defined(__linux__)
    int fd = memfd_create("assetsmith-pixels", MFD_CLOEXEC);
#else
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; attempt++) {
        char name[32];
        snprintf(name, sizeof name, "/assetsmith-%08x%08x", arc4random(), arc4random());
        fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
        if (fd >= 0) {
            shm_unlink(name);
            fcntl(fd, F_SETFD, FD_CLOEXEC);
        } else if (errno != EEXIST) {
            return -1;
        }
    }
#endif
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)bytes) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int workershim_die_with_parent(void) {
#if defined(__linux__)
    return prctl(PR_SET_PDEATHSIG, SIGKILL);
#else
    return -1;
#endif
}

int workershim_limit_memory(size_t bytes) {
    struct rlimit limit = { (rlim_t)bytes, (rlim_t)bytes };
    return setrlimit(RLIMIT_DATA, &limit);
}

#if defined(__linux__) && defined(__GLIBC__)
// The allocator, wrapped to count failures: under the worker's RLIMIT_DATA a too-large picture
// inside an SVG or PDF makes gdk-pixbuf, cairo or poppler fail an allocation and quietly draw
// nothing; the count lets the worker say so. Each wrapper only calls glibc's own function.
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static inline void *counted(void *pointer, size_t bytes) {
    if (pointer == NULL && bytes != 0) atomic_fetch_add(&failures, 1);
    return pointer;
}

void *malloc(size_t bytes) { return counted(__libc_malloc(bytes), bytes); }
void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size), count * size); }
void *realloc(void *pointer, size_t bytes) { return counted(__libc_realloc(pointer, bytes), bytes); }
void *memalign(size_t alignment, size_t bytes) { return counted(__libc_memalign(alignment, bytes), bytes); }
void *aligned_alloc(size_t alignment, size_t bytes) { return counted(__libc_memalign(alignment, bytes), bytes); }

int posix_memalign(void **out, size_t alignment, size_t bytes) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = counted(__libc_memalign(alignment, bytes), bytes);
    if (pointer == NULL && bytes != 0) return ENOMEM;
    *out = pointer;
    return 0;
}
#endif
