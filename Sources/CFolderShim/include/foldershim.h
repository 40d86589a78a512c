#ifndef FOLDERSHIM_H
#define FOLDERSHIM_H

/*
 * CFolderShim: the one folder attribute Assetsmith sets, through ioctl (variadic, so not callable
 * from Swift).
 *
 * foldershim_spread_subfolders marks the folder at `path` as the top of a directory hierarchy
 * for ext4's Orlov allocator (FS_TOPDIR_FL, what `chattr +T` sets): folders made in it are placed
 * in block groups of their own rather than in the folder's. Returns 0, or the errno of the
 * failure (ENOTTY or EOPNOTSUPP on file systems without the attribute, ENOTSUP off Linux).
 */

#ifdef __cplusplus
extern "C" {
#endif

int foldershim_spread_subfolders(const char *path);

/* 1 when the folder at `path` has the attribute, 0 when it has not, minus the errno when its
 * attributes cannot be read (a file system without them). */
int foldershim_spreads_subfolders(const char *path);

#ifdef __cplusplus
}
#endif

#endif
