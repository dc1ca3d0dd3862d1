import ModalModel
import Renderers
import Screen
import TestSupport
import Testing
@_spi(Kernel) import TextKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every output of every sample is byte for byte the same with every shortcut of the register off
/// (docs/fast-paths.md): decoding, wrapping, measuring and drawing all take their general paths.
@Suite struct FastPathOracleTests {
    static func sampleFiles() -> [String] {
        var files: [String] = []
        for directory in ["samples", "samples/invalid", "samples/hostile"] {
            guard let handle = opendir(repositoryRoot + "/" + directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".json") { files.append(repositoryRoot + "/" + directory + "/" + name) }
            }
        }
        return files.sorted()
    }

    /// Every document a sample decodes to, rendered in `format` at widths 20, 44 and 80, in colour with links.
    static func outputs(_ format: DocumentFormat) -> [String] {
        sampleFiles().flatMap { file -> [String] in
            guard let bytes = readFileBytes(file), let document = ModalDecoder.decode(bytes).document else {
                return [file + ": no document"]
            }
            return [20, 44, 80].map { width in
                DocumentRenderer.render(
                    document,
                    options: DocumentRenderOptions(
                        format: format, width: width, colorDepth: .trueColor, hyperlinks: true))
            }
        }
    }

    @Test(arguments: DocumentFormat.allCases)
    func samplesRenderTheSameWithEveryShortcutOff(_ format: DocumentFormat) {
        let fast = Self.outputs(format)
        let general = FastPaths.withOff(FastPath.allCases) { Self.outputs(format) }
        expect(fast.count > 60)
        expectEqual(fast.count, general.count)
        for (index, pair) in zip(fast, general).enumerated() where pair.0 != pair.1 {
            Issue.record("output \(index) of \(format) differs with the shortcuts off")
        }
    }
}
