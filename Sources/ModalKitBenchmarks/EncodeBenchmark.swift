import Foundation
import ModalModel
import PositionedJSON

/// The write side over the corpus: every modal round-trips through the canonical encoder, and encode
/// throughput is measured next to Foundation's `JSONEncoder` on Codable structs of the same shape.
///
/// `ModalKitBenchmarks encode [CORPUS] [--reps N]`; CORPUS defaults to /tmp/modal-corpus.
enum EncodeBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        let (corpus, reps, _) = CorpusBenchmark.arguments(arguments)
        let files = Bench.corpusFiles(corpus)
        var documents: [ModalDocument] = []
        var plainStructs: [[PlainCodableModal]] = []
        let decoder = JSONDecoder()
        for file in files {
            guard let document = ModalDecoder.decode(file.bytes).document,
                let structs = try? decoder.decode([PlainCodableModal].self, from: Data(file.bytes))
            else {
                print("\(file.path) does not decode")
                return 1
            }
            documents.append(document)
            plainStructs.append(structs)
        }

        // Round trip: decode(encode(x)) == x with zero diagnostics, and re-encoding gives the same bytes.
        var modalsChecked = 0
        var failures = 0
        for (index, document) in documents.enumerated() {
            for layout in [ModalEncoder.Layout.compact, .pretty] {
                let encoder = ModalEncoder(layout: layout)
                let encoded = (try? encoder.encode(document)) ?? []  // refused: fails the round trip below
                let decoded = ModalDecoder.decode(encoded)
                let stable = decoded.document.map { (try? encoder.encode($0)) == encoded } ?? false
                if decoded.document != document || !decoded.diagnostics.isEmpty || !stable {
                    failures += 1
                    print("round trip failed: \(files[index].path) (\(layout))")
                }
            }
            modalsChecked += document.modals.count
        }
        print(
            "round trip: \(modalsChecked) modals in \(documents.count) files checked, compact and pretty; \(failures) failures"
        )

        var ours: [Double] = []
        var oursUnchecked: [Double] = []
        var foundationUnchecked: [Double] = []
        var foundationPlain: [Double] = []
        var foundationModalKitTypes: [Double] = []
        var outputBytes = 0
        let encoder = ModalEncoder()
        // The rules check is most of a checked encode's cost: the same pass without it, side by side.
        let uncheckedEncoder = ModalEncoder(writesInvalidModals: true)
        let jsonEncoder = JSONEncoder()
        let uncheckedJSONEncoder = JSONEncoder()
        uncheckedJSONEncoder.userInfo[ModalEncoder.writesInvalidModalsKey] = true
        for rep in 0...reps {
            var bytesA = 0
            let a = Bench.seconds {
                for document in documents { bytesA &+= (try? encoder.encode(document))?.count ?? 0 }
            }
            var bytesU = 0
            let u = Bench.seconds {
                for document in documents { bytesU &+= (try? uncheckedEncoder.encode(document))?.count ?? 0 }
            }
            var bytesB = 0
            let b = Bench.seconds {
                for structs in plainStructs { bytesB &+= (try? jsonEncoder.encode(structs))?.count ?? 0 }
            }
            var bytesC = 0
            let c = Bench.seconds {
                for document in documents { bytesC &+= (try? jsonEncoder.encode(document))?.count ?? 0 }
            }
            var bytesD = 0
            let d = Bench.seconds {
                for document in documents { bytesD &+= (try? uncheckedJSONEncoder.encode(document))?.count ?? 0 }
            }
            outputBytes = bytesA
            if rep > 0 {
                ours.append(Double(bytesA) / 1e6 / a)
                oursUnchecked.append(Double(bytesU) / 1e6 / u)
                foundationPlain.append(Double(bytesB) / 1e6 / b)
                foundationModalKitTypes.append(Double(bytesC) / 1e6 / c)
                foundationUnchecked.append(Double(bytesD) / 1e6 / d)
            }
        }
        print(
            "encode: \(documents.count) documents, \(modalsChecked) modals, \(Bench.format(Double(outputBytes) / 1e6)) MB of canonical JSON a pass"
        )
        Bench.report(name: "modalkit_encoder", unit: "MB/s", rates: ours)
        Bench.report(name: "modalkit_encoder_unchecked", unit: "MB/s", rates: oursUnchecked)
        Bench.report(name: "foundation_jsonencoder_plain_structs", unit: "MB/s", rates: foundationPlain)
        Bench.report(name: "foundation_jsonencoder_modalkit_types", unit: "MB/s", rates: foundationModalKitTypes)
        Bench.report(
            name: "foundation_jsonencoder_modalkit_types_unchecked", unit: "MB/s", rates: foundationUnchecked)
        print(
            "ratio modalkit/JSONEncoder(plain structs): \(Bench.format(Bench.median(ours) / Bench.median(foundationPlain)))x"
        )
        return failures == 0 ? 0 : 1
    }
}

/// The modal format as plain Codable structs, the shape a server or app without ModalKit would write: the
/// peer side of the decode and encode comparisons.
struct PlainCodableModal: Codable {
    struct Range: Codable {
        var from: Int
        var length: Int
    }
    struct ModalStyle: Codable {
        var apply_to: Range
        var font_style: String?
        var underline: Bool?
        var strikethrough: Bool?
        var font_size: Double?
        var color: String?
        var bg_color: String?
        var link: String?
    }
    struct ModalButton: Codable {
        var label: String
        var action: String
        var bg_color: String?
        var fg_color: String?
    }
    var msg: String
    var styles: [ModalStyle]?
    var buttons: [ModalButton]?
    var text_align: String?
    var max_lines: Int?
}
