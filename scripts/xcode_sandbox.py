#!/usr/bin/env python3
"""Runs a Run Script phase as Xcode 15-26 run one with user script sandboxing on, and judges every
file access the phase makes by the rules of the profile Xcode writes for it.

The rules are read from Xcode's build system, swiftlang/swift-build:
- Sources/SWBTaskConstruction/TaskProducerSandboxing.swift writes the profile: `(allow default)`,
  then deny file-read* and file-write* under SRCROOT, PROJECT_DIR, OBJROOT, SYMROOT, DSTROOT,
  SHARED_PRECOMPS_DIR, CACHE_ROOT, CONFIGURATION_BUILD_DIR, CONFIGURATION_TEMP_DIR, LOCROOT,
  LOCSYMROOT, INDEX_PRECOMPS_DIR and INDEX_DATA_STORE_DIR; allow both under TEMP_DIR; deny both
  under DERIVED_FILE_DIR; allow reading SRCROOT and PROJECT_DIR themselves (literal), every parent
  folder of a declared input or output (literal: the folder, not what is in it), every declared
  input (literal; a subpath only when USE_RECURSIVE_SCRIPT_INPUTS_IN_SCRIPT_PHASES is on), and
  reading and writing every declared output, always literal ("a directory in outputs only when
  ... the precise and fixed list of its contents are included in outputs as well"). In the
  sandbox profile language the last rule that matches decides, which is the order above.
- .../ShellBasedTaskProducer.swift: each line of an .xcfilelist is a path with build-setting
  macros ($(SRCROOT)) expanded, `#` lines are comments; the lists themselves are inputs; the
  script sees SCRIPT_INPUT_FILE_LIST_n / SCRIPT_OUTPUT_FILE_LIST_n pointing at resolved copies
  written under TEMP_DIR.

On Linux the accesses are traced with strace (-f, every file system call, fds shown as paths).

Usage as a module (Tests run it through scripts/check-xcode-phase.sh):
    phase = XcodePhase(srcroot, derived, input_lists=[...], output_lists=[...], inputs=[...])
    result = phase.run(["assetsmith", "build", ...])
    result.denied   # [(kind, path, syscall)]
"""
import os
import re
import subprocess
import sys

DENY_ROOTS = ["SRCROOT", "PROJECT_DIR", "OBJROOT", "SYMROOT", "DSTROOT", "SHARED_PRECOMPS_DIR",
              "CACHE_ROOT", "CONFIGURATION_BUILD_DIR", "CONFIGURATION_TEMP_DIR", "LOCROOT",
              "LOCSYMROOT", "INDEX_PRECOMPS_DIR", "INDEX_DATA_STORE_DIR"]

# Calls whose path argument is written (created, removed, renamed, changed); the rest read.
WRITE_CALLS = {"mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2",
               "link", "linkat", "symlink", "symlinkat", "chmod", "fchmodat", "chown", "fchownat",
               "lchown", "truncate", "utimensat", "utime", "utimes", "futimesat", "creat", "mknod",
               "mknodat", "setxattr", "lsetxattr", "removexattr", "lremovexattr"}
WRITE_FLAGS = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC")


def expand(line, settings):
    """A file-list line with $(VAR) and ${VAR} build settings expanded (as Xcode's macro scope does)."""
    return re.sub(r"\$[({](\w+)[)}]", lambda m: settings.get(m.group(1), ""), line)


def read_list(path, settings):
    out = []
    with open(path, encoding="utf-8") as handle:
        for line in handle.read().split("\n"):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            out.append(os.path.normpath(expand(line, settings)))
    return out


def under(path, root):
    return path == root or path.startswith(root.rstrip("/") + "/")


class Result:
    def __init__(self, code, stdout, stderr, accesses, denied):
        self.code, self.stdout, self.stderr = code, stdout, stderr
        self.accesses, self.denied = accesses, denied


class XcodePhase:
    def __init__(self, srcroot, derived, input_lists=(), output_lists=(), inputs=(), outputs=(),
                 recursive_inputs=False):
        self.srcroot = os.path.realpath(srcroot)
        obj = os.path.join(os.path.realpath(derived), "Build", "Intermediates.noindex")
        products = os.path.join(os.path.realpath(derived), "Build", "Products")
        temp = os.path.join(obj, "App.build", "Debug-iphonesimulator", "App.build")
        self.settings = {
            "SRCROOT": self.srcroot, "PROJECT_DIR": self.srcroot, "OBJROOT": obj, "SYMROOT": products,
            "DSTROOT": "/tmp/App.dst", "CONFIGURATION_BUILD_DIR": os.path.join(products, "Debug-iphonesimulator"),
            "BUILT_PRODUCTS_DIR": os.path.join(products, "Debug-iphonesimulator"),
            "TARGET_BUILD_DIR": os.path.join(products, "Debug-iphonesimulator"),
            "CONFIGURATION_TEMP_DIR": os.path.join(obj, "App.build", "Debug-iphonesimulator"),
            "TEMP_DIR": temp, "TARGET_TEMP_DIR": temp, "DERIVED_FILE_DIR": os.path.join(temp, "DerivedSources"),
            "PROJECT_TEMP_DIR": os.path.join(obj, "App.build"), "TARGET_NAME": "App", "PRODUCT_NAME": "App",
            "ACTION": "build", "CONFIGURATION": "Debug", "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
        }
        self.input_lists = list(input_lists)
        self.output_lists = list(output_lists)
        self.inputs = list(inputs)
        self.outputs = list(outputs)
        self.recursive_inputs = recursive_inputs

    def declared(self):
        """(inputs, outputs, resolved list paths): what Xcode would hand the profile."""
        inputs = [os.path.normpath(expand(p, self.settings)) for p in self.inputs]
        outputs = [os.path.normpath(expand(p, self.settings)) for p in self.outputs]
        lists = [os.path.normpath(expand(p, self.settings)) for p in self.input_lists + self.output_lists]
        inputs += lists
        resolved = {"in": [], "out": []}
        for kind, names in (("in", self.input_lists), ("out", self.output_lists)):
            for index, name in enumerate(names):
                path = os.path.normpath(expand(name, self.settings))
                entries = read_list(path, self.settings)
                (inputs if kind == "in" else outputs).extend(entries)
                prefix = "InputFileList" if kind == "in" else "OutputFileList"
                target = os.path.join(self.settings["TEMP_DIR"], f"{prefix}-{index}-resolved.xcfilelist")
                resolved[kind].append((target, entries))
                inputs.append(target)
        return inputs, outputs, resolved

    def environment(self, resolved):
        env = dict(os.environ)
        env.update(self.settings)
        for kind, key in (("in", "INPUT"), ("out", "OUTPUT")):
            env[f"SCRIPT_{key}_FILE_LIST_COUNT"] = str(len(resolved[kind]))
            for index, (path, _) in enumerate(resolved[kind]):
                env[f"SCRIPT_{key}_FILE_LIST_{index}"] = path
        for key, paths in (("INPUT", self.inputs), ("OUTPUT", self.outputs)):
            env[f"SCRIPT_{key}_FILE_COUNT"] = str(len(paths))
            for index, path in enumerate(paths):
                env[f"SCRIPT_{key}_FILE_{index}"] = os.path.normpath(expand(path, self.settings))
        return env

    def judge(self, path, write, inputs, outputs, ancestors):
        """Allowed or not, deciding as the profile does: the last matching rule wins."""
        s = self.settings
        allowed = True
        for name in DENY_ROOTS:
            if s.get(name) and under(path, s[name]):
                allowed = False
        if under(path, s["TEMP_DIR"]):
            allowed = True
        if under(path, s["DERIVED_FILE_DIR"]):
            allowed = False
        if not write and path in (s["SRCROOT"], s["PROJECT_DIR"]):
            allowed = True
        if not write and path in ancestors:
            allowed = True
        if not write and (path in inputs or (self.recursive_inputs and any(under(path, i) for i in inputs))):
            allowed = True
        if path in outputs:
            allowed = True
        return allowed

    def untraced_environment(self):
        """The phase's environment, its resolved lists written, for a run without strace (the scale
        benchmark times the phase's no-op and edit with it: Benchmarks/scale.py --xcode)."""
        _, _, resolved = self.declared()
        os.makedirs(self.settings["TEMP_DIR"], exist_ok=True)
        for path, entries in resolved["in"] + resolved["out"]:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("".join(e + "\n" for e in entries))
        return self.environment(resolved)

    def run(self, command, cwd=None, trace_file=None):
        inputs, outputs, resolved = self.declared()
        os.makedirs(self.settings["TEMP_DIR"], exist_ok=True)
        for path, entries in resolved["in"] + resolved["out"]:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("".join(e + "\n" for e in entries))
        ancestors = set()
        for p in inputs + outputs:
            parent = os.path.dirname(p)
            while parent and parent != "/":
                ancestors.add(parent)
                parent = os.path.dirname(parent)
        ancestors.add("/")
        trace_file = trace_file or os.path.join(self.settings["TEMP_DIR"], "..", "phase.strace")
        env = self.environment(resolved)
        proc = subprocess.run(["strace", "-f", "-qq", "-y", "-s", "4096", "-e", "trace=%file,%desc",
                               "-o", trace_file] + command,
                              cwd=cwd or self.srcroot, env=env, capture_output=True, text=True)
        accesses = parse_trace(trace_file, cwd or self.srcroot)
        input_set, output_set = set(inputs), set(outputs)
        denied = [(("write" if w else "read"), p, call) for (call, p, w) in accesses
                  if not self.judge(p, w, input_set, output_set, ancestors)]
        return Result(proc.returncode, proc.stdout, proc.stderr, accesses, denied)


CALL = re.compile(r'^(?:\d+\s+)?(\w+)\((.*)\)\s+=\s+(-?\d+|\?)')
QUOTED = re.compile(r'(?:(AT_FDCWD|\d+<[^>]*>),\s*)?"((?:[^"\\]|\\.)*)"')


def unescape(text):
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode("utf-8", "replace")


def parse_trace(path, cwd):
    """[(call, absolute path, writes)] of every file system call in an strace -y log."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = CALL.match(line.strip())
            if not match:
                continue
            call, args = match.group(1), match.group(2)
            if call in ("execve", "execveat", "close", "read", "write", "pread64", "pwrite64", "lseek",
                        "fcntl", "dup", "dup2", "dup3", "ioctl", "fstat", "fstatfs", "mmap", "munmap",
                        "getdents64", "fsync", "fdatasync", "flock", "ftruncate", "fchmod", "fchown",
                        "fgetxattr", "fsetxattr", "flistxattr", "poll", "ppoll", "select", "pselect6",
                        "epoll_wait", "epoll_ctl", "epoll_pwait", "pipe2", "eventfd2", "sendmsg",
                        "recvmsg", "writev", "readv", "socket", "connect", "inotify_add_watch",
                        "fadvise64", "readahead", "copy_file_range", "sendfile", "splice", "memfd_create"):
                continue
            paths = QUOTED.findall(args)
            if not paths:
                continue
            writes = call in WRITE_CALLS or (call in ("open", "openat", "openat2") and any(f in args for f in WRITE_FLAGS))
            for index, (dirfd, raw) in enumerate(paths):
                name = unescape(raw)
                if name.startswith("/"):
                    absolute = name
                elif dirfd and dirfd != "AT_FDCWD":
                    absolute = os.path.join(dirfd[dirfd.index("<") + 1:-1], name)
                else:
                    absolute = os.path.join(cwd, name)
                absolute = os.path.normpath(absolute)
                if call in ("rename", "renameat", "renameat2", "link", "linkat") and index == 0:
                    out.append((call, absolute, True))  # the old name is removed: a write
                else:
                    out.append((call, absolute, writes))
    return out


if __name__ == "__main__":
    print(__doc__)
    sys.exit(0)
