#if os(Linux)
import CLazyLibrary
import Testing

/// poppler-glib and librsvg are opened at their first use on Linux (`CLazyLibrary`): a missing
/// library or function is a message that names it, never a crash.
@Suite struct LazyLibraryTests {
    func problem(_ library: inout lazy_library) -> String {
        withUnsafeBytes(of: &library.problem) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    @Test func aMissingLibraryIsNamed() {
        var library = lazy_library()
        "libassetsmith-missing.so.1".withCString { first in
            "assetsmith-missing".withCString { what in
                library.names = (first, nil)
                library.what = what
                #expect(lazy_library_open(&library) == 0)
                #expect(lazy_library_find(&library, "anything") == nil)
            }
        }
        #expect(problem(&library).contains("libassetsmith-missing.so.1"), "\(problem(&library))")
    }

    @Test func aMissingFunctionIsNamedAndAPresentOneFound() {
        var library = lazy_library()
        "libc.so.6".withCString { first in
            "libc".withCString { what in
                library.names = (first, nil)
                library.what = what
                #expect(lazy_library_open(&library) == 1)
                #expect(lazy_library_find(&library, "strlen") != nil)
                #expect(problem(&library).isEmpty)
                #expect(lazy_library_find(&library, "assetsmith_no_such_function") == nil)
            }
        }
        #expect(problem(&library) == "libc has no assetsmith_no_such_function")
    }
}
#endif
