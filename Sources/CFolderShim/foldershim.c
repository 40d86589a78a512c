// See foldershim.h.
#include "foldershim.h"
#include <errno.h>

#if defined(__linux__)

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

int foldershim_spread_subfolders(const char *path) {
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) return errno;
    int flags = 0;
    int result = 0;
    if (ioctl(folder, FS_IOC_GETFLAGS, &flags) != 0) {
        result = errno;
    } else if ((flags & FS_TOPDIR_FL) == 0) {
        flags |= FS_TOPDIR_FL;
        if (ioctl(folder, FS_IOC_SETFLAGS, &flags) != 0) result = errno;
    }
    close(folder);
    return result;
}

int foldershim_spreads_subfolders(const char *path) {
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) return -errno;
    int flags = 0;
    int result = ioctl(folder, FS_IOC_GETFLAGS, &flags) == 0 ? (flags & FS_TOPDIR_FL) != 0 : -errno;
    close(folder);
    return result;
}

#else

int foldershim_spread_subfolders(const char *path) {
    (void)path;
    return ENOTSUP;
}

int foldershim_spreads_subfolders(const char *path) {
    (void)path;
    return -ENOTSUP;
}

#endif
