#if os(Linux)
import CLazyLibrary
import Testing

/// poppler-glib and librsvg are opened at their first use on Linux (`CLazyLibrary`): a missing
/// library or function is a message that names it, never a crash.
@Suite struct LazyLibraryTests {
    /// `name` opened as `what`; `body` runs while the names are valid.
    func withLibrary(_ name: String, _ what: String, _ body: (inout lazy_library) -> Void) -> String {
        var library = lazy_library()
        name.withCString { first in
            what.withCString { what in
                library.names = (first, nil)
                library.what = what
                body(&library)
            }
        }
        return withUnsafeBytes(of: &library.problem) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    @Test func aMissingLibraryIsNamed() {
        let problem = withLibrary("libassetsmith-missing.so.1", "assetsmith-missing") { library in
            #expect(lazy_library_open(&library) == 0)
            #expect(lazy_library_find(&library, "anything") == nil)
        }
        #expect(problem.contains("libassetsmith-missing.so.1"), "\(problem)")
    }

    @Test func aMissingFunctionIsNamedAndAPresentOneFound() {
        let problem = withLibrary("libc.so.6", "libc") { library in
            #expect(lazy_library_open(&library) == 1)
            #expect(lazy_library_find(&library, "strlen") != nil)
            #expect(library.problem.0 == 0, "no problem while all is found")
            #expect(lazy_library_find(&library, "assetsmith_no_such_function") == nil)
        }
        #expect(problem == "libc has no assetsmith_no_such_function")
    }
}
#endif
