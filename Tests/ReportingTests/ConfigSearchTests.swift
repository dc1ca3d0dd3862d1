import Reporting
import TestSupport
import Testing

/// The one walk up the directories for `.modalkit.json` that `modalkit validate` and the language server share.
@Suite struct ConfigSearchTests {
    /// A file system of config files by path; records every path looked at.
    final class Files {
        var configs: [String: String]
        var looked: [String] = []
        init(_ configs: [String: String]) { self.configs = configs }
        func load(_ path: String, _ directory: String) -> String? {
            looked.append(path)
            return configs[path].map { "\($0) in \(directory)" }
        }
    }

    @Test func theNearestConfigAtOrAboveTheFileApplies() {
        let files = Files(["/p/.modalkit.json": "top", "/p/a/b/.modalkit.json": "deep"])
        var search = ConfigSearch<String>()
        expectEqual(search.nearest(toFile: "/p/a/b/c/m.json", load: files.load), "deep in /p/a/b/")
        expectEqual(search.nearest(toFile: "/p/a/m.json", load: files.load), "top in /p/")
        expectEqual(search.nearest(inDirectory: "/p/a/b/", load: files.load), "deep in /p/a/b/")
        expect(search.nearest(toFile: "/q/m.json", load: files.load) == nil)
    }

    @Test func eachDirectoryIsLookedAtOnceAndSharesItsAnswerWithThoseBelow() {
        let files = Files(["/p/.modalkit.json": "top"])
        var search = ConfigSearch<String>()
        expectEqual(search.nearest(toFile: "/p/a/b/m.json", load: files.load), "top in /p/")
        expectEqual(files.looked, ["/p/a/b/.modalkit.json", "/p/a/.modalkit.json", "/p/.modalkit.json"])
        expectEqual(search.nearest(toFile: "/p/a/n.json", load: files.load), "top in /p/")
        expect(search.nearest(toFile: "/r/m.json", load: files.load) == nil)
        expect(search.nearest(toFile: "/r/s/m.json", load: files.load) == nil)
        expectEqual(files.looked.count, 6, "looked at \(files.looked)")
    }

    @Test func forgettingReadsAChangedConfigAgain() {
        let files = Files(["/p/.modalkit.json": "old"])
        var search = ConfigSearch<String>()
        expectEqual(search.nearest(toFile: "/p/m.json", load: files.load), "old in /p/")
        files.configs["/p/.modalkit.json"] = "new"
        expectEqual(search.nearest(toFile: "/p/m.json", load: files.load), "old in /p/")
        search.forget()
        expectEqual(search.nearest(toFile: "/p/m.json", load: files.load), "new in /p/")
    }
}
