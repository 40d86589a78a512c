#ifndef WORKERSHIM_H
#define WORKERSHIM_H

#include <stddef.h>

/// Anonymous shared memory of `bytes` bytes, for one worker process: memfd_create on Linux,
/// shm_open with O_EXCL under a random name that is unlinked at once elsewhere. Nothing is left
/// in any folder (no name to plant a link at). Returns a descriptor (close-on-exec), or -1 with errno.
int workershim_create_memory(size_t bytes);

/// Linux: the worker gets SIGKILL when the thread that started it ends (prctl PR_SET_PDEATHSIG).
/// Returns 0, or -1 where the system has no such call (macOS: the worker watches its parent instead).
int workershim_die_with_parent(void);

/// Caps the worker's private data (RLIMIT_DATA: heap and private mappings, not the shared pixel
/// memory) at `bytes`. Returns 0, or -1 with errno.
int workershim_limit_memory(size_t bytes);

/// How many allocations (malloc, calloc, realloc, aligned allocations) have failed in this process
/// so far. Counted on Linux with glibc, where these functions are wrapped; 0 elsewhere.
long workershim_allocation_failures(void);

#endif
