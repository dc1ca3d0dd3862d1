import Foundation
import ModalKitCLI
import ModalModel
import PositionedJSON
import Renderers
import Screen
import ScreenLayout

/// The corpus benchmarks: validation throughput against Foundation's JSONDecoder, and rendering of every
/// corpus modal (the figure Rich's peer reports as modals/s).
///
/// `ModalKitBenchmarks validate [CORPUS] [--reps N]`, `render-corpus [CORPUS] [--reps N]` and `html-corpus`;
/// CORPUS defaults to /tmp/modal-corpus (made by `python3 shared/bench/gen_corpus.py /tmp/modal-corpus`).
enum CorpusBenchmark {
    static func arguments(_ arguments: [String]) -> (corpus: String, reps: Int, peers: Bool) {
        var corpus = "/tmp/modal-corpus"
        var reps = 5
        var peers = true
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--no-foundation" || arguments[index] == "--fast-path-only" {
                peers = false  // for profiling ModalKit alone, or its fast path alone
            } else if arguments[index] == "--reps", index + 1 < arguments.count {
                reps = max(1, Int(arguments[index + 1]) ?? reps)
                index += 1
            } else {
                corpus = arguments[index]
            }
            index += 1
        }
        return (corpus, reps, peers)
    }

    /// Parse + validate one large array of every corpus modal, next to JSONDecoder decoding the same bytes
    /// into Codable structs of the same shape, alternating A B A B so both see the same machine load.
    static func runValidate(_ arguments: [String]) {
        let (corpus, reps, peers) = self.arguments(arguments)
        let document = largeArray(Bench.corpusFiles(corpus).map(\.bytes))
        let megabytes = Double(document.count) / 1e6
        var modalCount = 0
        var ours: [Double] = []
        var foundation: [Double] = []
        let data = Data(document)
        for rep in 0...reps {
            let a = Bench.seconds {
                let result = ModalDecoder.decode(document)
                modalCount = result.document?.modals.count ?? -1
            }
            let b =
                !peers
                ? 1
                : Bench.seconds {
                    let decoded = try? JSONDecoder().decode([PlainCodableModal].self, from: data)
                    precondition(decoded?.count == modalCount, "JSONDecoder disagrees on the modal count")
                }
            if rep > 0 {  // the first round warms caches and lazy tables
                ours.append(megabytes / a)
                foundation.append(megabytes / b)
            }
        }
        precondition(modalCount > 0, "the corpus did not validate")
        print("validate: one array of \(modalCount) modals, \(Bench.format(megabytes)) MB")
        Bench.report(name: "modalkit_parse_validate", unit: "MB/s", rates: ours)
        guard peers else { return }
        Bench.report(name: "foundation_jsondecoder", unit: "MB/s", rates: foundation)
        print("ratio modalkit/JSONDecoder: \(Bench.format(Bench.median(ours) / Bench.median(foundation)))x")
    }

    /// Parse + validate of the 10,000 corpus files held in memory, each decoded on its own, and the bare JSON
    /// parse of the same files: the work `peer_simdjson` times (DOM parse, then a walk of each modal). Also
    /// the full path of tree and rules alone, which every document with a diagnostic takes, for the ratio.
    ///
    /// `ModalKitBenchmarks validate-files [CORPUS] [--reps N] [--fast-path-only]`; prints medians of N reps after one
    /// warm-up. `--fast-path-only` times `ModalDecoder.decode` alone, for profiling it.
    static func runValidateFiles(_ arguments: [String]) {
        let (corpus, reps, others) = self.arguments(arguments)
        let files = Bench.corpusFiles(corpus).map(\.bytes)
        let megabytes = Double(files.reduce(0) { $0 + $1.count }) / 1e6
        var modalCount = 0
        var validated: [Double] = []
        var parsed: [Double] = []
        var fullPath: [Double] = []
        for rep in 0...reps {
            var modals = 0
            let a = Bench.seconds {
                for bytes in files { modals &+= ModalDecoder.decode(bytes).document?.modals.count ?? -1_000_000 }
            }
            precondition(modals > 0 && (modalCount == 0 || modals == modalCount), "the corpus did not validate")
            modalCount = modals
            guard others else {
                if rep > 0 { validated.append(megabytes / a) }
                continue
            }
            var values = 0
            let b = Bench.seconds {
                for bytes in files {
                    guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else {
                        fatalError("parse failed")
                    }
                    if case .array(let items) = root.value { values &+= items.count }
                }
            }
            precondition(values > 0)
            var fullModals = 0
            let c = Bench.seconds {
                for bytes in files {
                    fullModals &+= ModalDecoder.decodeKeepingTree(bytes).result.document?.modals.count ?? -1_000_000
                }
            }
            precondition(fullModals == modalCount, "the full path disagrees on the modal count")
            if rep > 0 {  // the first round warms caches and lazy tables
                validated.append(megabytes / a)
                parsed.append(megabytes / b)
                fullPath.append(megabytes / c)
            }
        }
        print("validate-files: \(files.count) files, \(modalCount) modals, \(Bench.format(megabytes)) MB, in memory")
        Bench.report(
            name: "modalkit_parse_validate_files", unit: "MB/s", rates: validated, note: "files=\(files.count)")
        guard others else { return }
        Bench.report(name: "modalkit_parse_files", unit: "MB/s", rates: parsed, note: "files=\(files.count)")
        Bench.report(
            name: "modalkit_parse_validate_files_full_path", unit: "MB/s", rates: fullPath,
            note: "files=\(files.count)")
        print("ratio fast path/full path: \(Bench.format(Bench.median(validated) / Bench.median(fullPath)))x")
    }

    /// What the fast path's attempt costs a document with diagnostics: every invalid and hostile sample
    /// decoded (attempt, then the full path) next to the full path alone, A B A B.
    ///
    /// `ModalKitBenchmarks validate-invalid [--reps N]`, from the repository root; prints documents/s and the
    /// ratio of the medians.
    static func runValidateInvalid(_ arguments: [String]) {
        let (_, reps, _) = self.arguments(arguments)
        let files = ["samples/invalid", "samples/hostile"].flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }
                .sorted().compactMap { FileManager.default.contents(atPath: directory + "/" + $0).map { [UInt8]($0) } }
        }
        guard !files.isEmpty else {
            print("no samples/invalid here: run from the repository root")
            exit(1)
        }
        let rounds = 200
        var withAttempt: [Double] = []
        var fullOnly: [Double] = []
        for rep in 0...reps {
            var diagnostics = 0
            let a = Bench.seconds {
                for _ in 0..<rounds {
                    for bytes in files { diagnostics &+= ModalDecoder.decode(bytes).diagnostics.count }
                }
            }
            var fullDiagnostics = 0
            let b = Bench.seconds {
                for _ in 0..<rounds {
                    for bytes in files {
                        fullDiagnostics &+= ModalDecoder.decodeKeepingTree(bytes).result.diagnostics.count
                    }
                }
            }
            precondition(diagnostics == fullDiagnostics && diagnostics > 0, "the two paths disagree")
            if rep > 0 {
                withAttempt.append(Double(rounds * files.count) / a)
                fullOnly.append(Double(rounds * files.count) / b)
            }
        }
        print("validate-invalid: \(files.count) documents with diagnostics, \(rounds) times each")
        Bench.report(name: "modalkit_invalid_documents", unit: "documents/s", rates: withAttempt)
        Bench.report(name: "modalkit_invalid_documents_full_path", unit: "documents/s", rates: fullOnly)
        print(
            "ratio with attempt/full path alone: \(Bench.format(Bench.median(withAttempt) / Bench.median(fullOnly)))x")
    }

    /// Every modal of every corpus file drawn at width 60 as truecolor ANSI into memory: end to end (read,
    /// decode, validate, lay out, draw, encode) and render only (documents already decoded).
    static func runRender(_ arguments: [String]) {
        let (corpus, reps, _) = self.arguments(arguments)
        let files = Bench.corpusFiles(corpus)
        let documents = files.map { ModalDecoder.decode($0.bytes).document! }
        let modalCount = documents.reduce(0) { $0 + $1.modals.count }
        var endToEnd: [Double] = []
        var renderOnly: [Double] = []
        var outputBytes = 0
        for rep in 0...reps {
            let a = Bench.seconds {
                for file in files {
                    let bytes = FileManager.default.contents(atPath: file.path).map { [UInt8]($0) } ?? []
                    for modal in ModalDecoder.decode(bytes).document?.modals ?? [] {
                        outputBytes &+= draw(modal).utf8.count
                    }
                }
            }
            let b = Bench.seconds {
                for document in documents {
                    for modal in document.modals { outputBytes &+= draw(modal).utf8.count }
                }
            }
            if rep > 0 {
                endToEnd.append(Double(modalCount) / a)
                renderOnly.append(Double(modalCount) / b)
            }
        }
        print(
            "render: \(modalCount) modals from \(files.count) files at width 60 (output checksum \(outputBytes & 0xFFFF))"
        )
        Bench.report(name: "modalkit_modal_e2e", unit: "modals/s", rates: endToEnd)
        Bench.report(name: "modalkit_modal_render", unit: "modals/s", rates: renderOnly)
    }

    /// Every corpus document as the HTML page of `render --format html`, next to the SVG picture of
    /// `render --format svg --width 60`, documents already decoded, alternating A B A B.
    ///
    /// `ModalKitBenchmarks html-corpus [CORPUS] [--reps N]`; prints documents/s and output MB/s of each.
    static func runHTML(_ arguments: [String]) {
        let (corpus, reps, _) = self.arguments(arguments)
        let documents = Bench.corpusFiles(corpus).map { ModalDecoder.decode($0.bytes).document! }
        var rates: [DocumentFormat: [Double]] = [:]
        var outputBytes: [DocumentFormat: Int] = [:]
        for rep in 0...reps {
            for format in [DocumentFormat.html, .svg] {
                let options = DocumentRenderOptions(format: format, width: 60)
                var bytes = 0
                let seconds = Bench.seconds {
                    for document in documents {
                        bytes &+= DocumentRenderer.render(document, options: options).utf8.count
                    }
                }
                outputBytes[format] = bytes
                if rep > 0 { rates[format, default: []].append(Double(documents.count) / seconds) }
            }
        }
        let html = outputBytes[.html] ?? 0
        let svg = outputBytes[.svg] ?? 0
        print(
            "html-corpus: \(documents.count) documents; output \(Bench.format(Double(html) / 1e6)) MB of HTML, "
                + "\(Bench.format(Double(svg) / 1e6)) MB of SVG")
        Bench.report(name: "modalkit_html_documents", unit: "documents/s", rates: rates[.html] ?? [])
        Bench.report(name: "modalkit_svg_documents", unit: "documents/s", rates: rates[.svg] ?? [])
        print("ratio html/svg: \(Bench.format(Bench.median(rates[.html] ?? []) / Bench.median(rates[.svg] ?? [])))x")
    }

    /// One modal as the `render --format ansi --color truecolor --width 60` command draws it.
    @inline(never)
    static func draw(_ modal: Modal) -> String {
        let grid = ModalView(modal: modal, options: ModalViewOptions(width: 60)).render().grid
        return ANSIRenderer.render(grid, colorDepth: .trueColor)
    }

    /// The modals of every file as one top-level array.
    static func largeArray(_ files: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for file in files {
            guard let open = file.firstIndex(of: UInt8(ascii: "[")), let close = file.lastIndex(of: UInt8(ascii: "]"))
            else { continue }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: file[(open + 1)..<close])
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}
