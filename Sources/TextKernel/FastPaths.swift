import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One shortcut that stands in for a general path and must give exactly what that path gives: each is listed,
/// with what it assumes and the test that holds it to the general path, in docs/fast-paths.md.
package enum FastPath: Int, CaseIterable, Sendable {
    /// Valid documents read straight from the bytes (`ValidDocumentReader`) instead of tree and rules.
    case validDocument
    /// JSON strings that are keys and values of the format taken from a table instead of made anew.
    case knownStrings
    /// JSON numbers that are plain integers, or decimals exactly representable with one rounding, made
    /// without the standard library's parser.
    case numberShortcuts
    /// UTF-16 offsets whose neighbours settle them placed without the grapheme walk
    /// (`UTF16Offsets.positions`).
    case quickOffsets
    /// Actions of printable ASCII read from their bytes (`ModalAction.parsingPrintableASCII`).
    case printableAction
    /// A command's small data values read without the general JSON parser (`SmallJSONReader`).
    case smallJSON
    /// Decoding text for wrapping: runs of printable ASCII eight bytes a step, and runs of CJK ideographs,
    /// without the per-scalar checks (`WrapSource`).
    case sourceRuns
    /// Runs of ASCII handed over whole when walking clusters (`CellWidth.forEachCluster`).
    case asciiClusterRuns
    /// Cluster starts settled without the standard library's recognizer when wrapping and measuring text:
    /// between two scalars that join no neighbour (`UTF16Offsets.joinsNoNeighbour`), and for plain Extend
    /// marks.
    case graphemeShortcuts
    /// Wrapping a stretch of like clusters (printable ASCII, two-cell CJK) a line at a time.
    case wrapStretches
    /// Wrapping the rest of an ASCII word after its first letter without a pass through the walk per letter.
    case wrapASCIIWord
    /// Placing one pending ASCII space without measuring the pending whitespace.
    case wrapOneSpace
    /// `modalkit diff` taking two files of the same bytes as showing no change, without decoding them.
    case identicalBytes

    /// The name `MODALKIT_FAST_PATHS_OFF` and docs/fast-paths.md use.
    package var name: String {
        switch self {
        case .validDocument: "valid-document"
        case .knownStrings: "known-strings"
        case .numberShortcuts: "number-shortcuts"
        case .quickOffsets: "quick-offsets"
        case .printableAction: "printable-action"
        case .smallJSON: "small-json"
        case .sourceRuns: "source-runs"
        case .asciiClusterRuns: "ascii-cluster-runs"
        case .graphemeShortcuts: "grapheme-shortcuts"
        case .wrapStretches: "wrap-stretches"
        case .wrapASCIIWord: "wrap-ascii-word"
        case .wrapOneSpace: "wrap-one-space"
        case .identicalBytes: "identical-bytes"
        }
    }

    /// The shortcut called `name`.
    package init?(name: String) {
        guard let path = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = path
    }

    /// The bit of this shortcut in `FastPaths`' mask.
    @inline(__always)
    package var bit: UInt64 { 1 << UInt64(rawValue) }
}

/// The register of shortcuts: each one's off-switch, read by its code, set by tests and by the environment.
///
/// A shortcut that is off sends its callers down the general path, so that a test can run both on the same
/// input and compare. Switching off never changes an output, only its cost, so a test that switches a shortcut
/// off cannot disturb another running beside it: `withOff` counts, and a shortcut is back on only when every
/// caller that turned it off is done. `MODALKIT_FAST_PATHS_OFF` (names from `FastPath`, comma-separated, or
/// `all`) turns shortcuts off for a whole process, where a program calls `offFromEnvironment()`.
package enum FastPaths {
    /// The switches the package's code reads.
    private static let shared = FastPathSwitches()

    /// The environment variable that switches shortcuts off for a process.
    package static let environmentVariable = "MODALKIT_FAST_PATHS_OFF"

    /// Whether `path` is on: the code that holds the shortcut asks once per call, before its loop.
    @inline(__always)
    package static func isOn(_ path: FastPath) -> Bool { shared.isOn(path) }

    /// Runs `body` with `paths` off, and turns them back on after, unless another caller still has them off.
    package static func withOff<Result>(_ paths: [FastPath], _ body: () throws -> Result) rethrows -> Result {
        try shared.withOff(paths, body)
    }

    /// Turns off, for the rest of the process, the shortcuts that `MODALKIT_FAST_PATHS_OFF` names, and returns
    /// the names it did not know (so that a typo is reported, not ignored).
    @discardableResult
    package static func offFromEnvironment() -> [String] {
        guard let raw = getenv(environmentVariable) else { return [] }
        let (paths, unknown) = parse(String(cString: raw))
        shared.change(paths, by: 1)
        return unknown
    }

    /// The shortcuts a `MODALKIT_FAST_PATHS_OFF` value names (`all` for every one), and the names it does not know.
    package static func parse(_ value: String) -> (paths: [FastPath], unknown: [String]) {
        var paths: [FastPath] = []
        var unknown: [String] = []
        for name in value.split(separator: ",").map({ String($0.filter { $0 != " " }) }) where !name.isEmpty {
            if name == "all" {
                paths += FastPath.allCases
            } else if let path = FastPath(name: name) {
                paths.append(path)
            } else {
                unknown.append(name)
            }
        }
        return (paths, unknown)
    }
}

/// A set of off-switches, one per `FastPath`, counted: `FastPaths` keeps the one the package reads, and tests
/// make their own to check the counting without touching it.
package final class FastPathSwitches: Sendable {
    /// The bits of the shortcuts that are off; read on every check, so kept in one word.
    private let offMask = Atomic<UInt64>(0)
    /// How many callers have each shortcut off, by `FastPath.rawValue`.
    private let offCounts = Mutex<[Int]>(Array(repeating: 0, count: FastPath.allCases.count))

    /// Switches with every shortcut on.
    package init() {}

    /// Whether `path` is on.
    @inline(__always)
    package func isOn(_ path: FastPath) -> Bool {
        offMask.load(ordering: .relaxed) & path.bit == 0
    }

    /// Runs `body` with `paths` off, and turns them back on after, unless another caller still has them off.
    package func withOff<Result>(_ paths: [FastPath], _ body: () throws -> Result) rethrows -> Result {
        change(paths, by: 1)
        defer { change(paths, by: -1) }
        return try body()
    }

    /// Adds `step` to the count of callers that have each of `paths` off.
    package func change(_ paths: [FastPath], by step: Int) {
        offCounts.withLock { counts in
            var mask: UInt64 = 0
            for path in Set(paths) { counts[path.rawValue] += step }
            for (index, count) in counts.enumerated() where count > 0 { mask |= 1 << UInt64(index) }
            offMask.store(mask, ordering: .relaxed)
        }
    }
}
