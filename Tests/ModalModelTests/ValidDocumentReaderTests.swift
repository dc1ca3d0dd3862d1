import Foundation
import ModalModel
import TestSupport
import Testing

/// The fast path for valid documents against the full path: it may decline any document, but a document it
/// takes must be one the full path finds nothing to report in, read to the same modals byte for byte.
@Suite struct ValidDocumentReaderTests {
    /// What the two paths say of `bytes`, as a failure message, or nil when they agree.
    static func disagreement(_ bytes: [UInt8]) -> String? {
        guard let fast = ModalDecoder.validDocumentWithoutTree(bytes) else { return nil }
        let full = ModalDecoder.decodeKeepingTree(bytes).result
        if !full.diagnostics.isEmpty {
            return "taken, but the full path reports \(full.diagnostics.map(\.code))"
        }
        guard let document = full.document else { return "taken, but the full path has no document" }
        // Strings compare by canonical equivalence; the encoding compares their bytes.
        if document != fast || ModalEncoder().encodeUnchecked(document) != ModalEncoder().encodeUnchecked(fast) {
            return "taken, but read as another document"
        }
        return nil
    }

    static func files(in directory: String) throws -> [(name: String, bytes: [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + directory)
            .filter { $0.hasSuffix(".json") }.sorted()
            .map { name in (name, try #require(readFileBytes(repositoryRoot + "/" + directory + "/" + name))) }
    }

    static let directories = [
        "samples", "samples/invalid", "samples/hostile", "Tests/ModalModelTests/Fixtures/corpus-subset",
    ]

    /// Every file agrees, and every file the full path finds nothing in is taken: the fast path is the one
    /// that runs for the documents a server sends.
    @Test(arguments: directories)
    func everyFileAgreesAndEveryCleanOneIsTaken(directory: String) throws {
        let files = try Self.files(in: directory)
        expect(!files.isEmpty)
        var taken = 0
        for file in files {
            expect(Self.disagreement(file.bytes) == nil, "\(directory)/\(file.name)")
            let clean = ModalDecoder.decodeKeepingTree(file.bytes).result.diagnostics.isEmpty
            let fast = ModalDecoder.validDocumentWithoutTree(file.bytes) != nil
            expectEqual(fast, clean, "\(directory)/\(file.name): taken \(fast), clean \(clean)")
            if fast { taken += 1 }
        }
        if directory.hasSuffix("corpus-subset") { expectEqual(taken, files.count) }
    }

    /// Each byte of small valid documents deleted, doubled or replaced by one that matters to JSON or to the
    /// rules: whatever the fast path takes of these, the full path must find nothing in and read the same.
    @Test(.tags(.slow)) func mutationsOfValidDocumentsAgree() throws {
        let samples = try Self.files(in: "samples").map(\.bytes).filter { $0.count < 4096 }
        // The samples are indented; servers mostly send them without white space, which the reader takes
        // another way (a member's key and colon matched at once), so both forms are mutated.
        // The compacted ones are cut at fewer bytes, to keep the test's time: their structure is the same.
        let compacted = samples.compactMap { ModalDecoder.decode($0).document.map(ModalEncoder().encodeUnchecked) }
        expectEqual(compacted.count, samples.count)
        let replacements: [UInt8] = [
            0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x20, 0x0A, 0x00, 0x1B, 0x7F, 0x30, 0x31, 0x2D,
            0x2E, 0x65, 0x23, 0x6E, 0xC2, 0xE2, 0x80, 0xF0, 0xFF,
        ]
        // Every fifth byte at full scale, every 45th by default: a multiple of five, so that a quick run cuts
        // only where a full run does.
        let sources =
            (samples + Self.handWritten.map { Array($0.utf8) }).map { ($0, 5) } + compacted.map { ($0, 15) }
        var checked = 0
        var taken = 0
        for (source, fullStride) in sources {
            for index in TestScale.sample(source.indices, full: fullStride, quick: fullStride * 36) {
                var variants: [[UInt8]] = []
                var deleted = source
                deleted.remove(at: index)
                variants.append(deleted)
                var doubled = source
                doubled.insert(source[index], at: index)
                variants.append(doubled)
                for byte in replacements where byte != source[index] {
                    var replaced = source
                    replaced[index] = byte
                    variants.append(replaced)
                }
                for variant in variants {
                    checked += 1
                    if ModalDecoder.validDocumentWithoutTree(variant) != nil { taken += 1 }
                    if let problem = Self.disagreement(variant) {
                        Issue.record("\(problem): \(String(decoding: variant, as: UTF8.self))")
                        return
                    }
                }
            }
        }
        // Many mutations are still valid (a changed digit or letter), so the property is tested on both sides.
        expect(checked > 1000 && taken > 30 && taken < checked / 2, "\(taken) of \(checked) taken")
    }

    /// Documents that are valid JSON and break one rule, or hold something the validator warns about: each
    /// must take the full path.
    @Test(arguments: [
        #"[]"#,
        #"[{"msg":"a","msg":"b"}]"#,
        ##"[{"msg":"a","colour":"#fff"}]"##,
        #"[{"msg":"hi","styles":[{"apply_to":{"from":0,"length":0}}]}]"#,
        #"[{"msg":"hi","styles":[{"apply_to":{"from":0,"length":3}}]}]"#,
        #"[{"msg":"😀","styles":[{"apply_to":{"from":0,"length":1}}]}]"#,
        // Past the end of a message outside ASCII, by its end and by its start.
        #"[{"msg":"héllo","styles":[{"apply_to":{"from":2,"length":9}}]}]"#,
        #"[{"msg":"héllo","styles":[{"apply_to":{"from":0,"length":1}},{"apply_to":{"from":9,"length":1}}]}]"#,
        #"[{"msg":"限定セール","styles":[{"apply_to":{"from":0,"length":6}}]}]"#,
        #"[{"msg":"e\u0301","styles":[{"apply_to":{"from":0,"length":1}}]}]"#,
        #"[{"msg":"Caf\u00e9 deals","styles":[{"apply_to":{"from":6,"length":5}}]}]"#,
        #"[{"msg":"a\u001bb"}]"#,
        #"[{"msg":"a\u202eb"}]"#,
        #"[{"msg":"\u0301"}]"#,
        #"[{"msg":"a","buttons":[{"label":" ","action":"close"}]}]"#,
        #"[{"msg":"a","buttons":[{"label":"OK","action":"Close"}]}]"#,
        #"[{"msg":"a","buttons":[{"label":"OK","action":"javascript:alert(1)"}]}]"#,
        #"[{"msg":"a","buttons":[{"label":"OK","action":"foo://bar"}]}]"#,
        #"[{"msg":"a","max_lines":0}]"#,
        #"[{"msg":"a","max_lines":1.5}]"#,
        #"[{"msg":"a","styles":[{"apply_to":{"from":0,"length":1},"font_size":0}]}]"#,
        ##"[{"msg":"a","styles":[{"apply_to":{"from":0,"length":1},"color":"#ggg"}]}]"##,
        #"[{"msg":"a"}] x"#,
        "\u{FEFF}[{\"msg\":\"a\"}]",
    ])
    func documentsWithSomethingToReportTakeTheFullPath(_ text: String) {
        expect(ModalDecoder.validDocumentWithoutTree(Array(text.utf8)) == nil)
        expect(!ModalDecoder.decode(text).diagnostics.isEmpty)
    }

    /// Valid documents in every form the format allows, written as servers write them: each is taken.
    static let handWritten = [
        #"{"msg":"Hello"}"#,
        " [ { \"msg\" : \"Hello\\n\\tworld\" , \"text_align\" : \"center\" } ]\r\n",
        #"[{"styles":[{"apply_to":{"from":0,"length":5},"font_style":"bold"}],"msg":"Hello world"}]"#,
        #"[{"msg":"\u0048\u00e9llo \ud83d\ude00","styles":[{"apply_to":{"from":6,"length":2},"underline":true}]}]"#,
        ##"[{"msg":"Sale","styles":[{"apply_to":{"from":0,"length":4},"color":"rebeccapurple","bg_color":"#0008","font_size":17.5,"strikethrough":false,"link":"https://example.com/a"}]}]"##,
        ##"[{"msg":"x","buttons":[{"label":"Go","action":"app://invoke/cmd/track/data/%7B%22id%22%3A1%7D","bg_color":"#123456","fg_color":"white"},{"label":"Later","action":"open_url:https://example.com"}]}]"##,
        #"[{"msg":"שלום עולם","direction":"rtl","max_lines":3},{"msg":"next","buttons":[{"label":"\u004fK","action":"prev"}]}]"#,
        #"[{"m\u0073g":"escaped key"}]"#,
    ]

    @Test(arguments: handWritten)
    func validDocumentsAreTakenAndAgree(_ text: String) {
        let bytes = Array(text.utf8)
        expect(Self.disagreement(bytes) == nil)
        if text.contains(#"m\u0073g"#) {
            // Keys are matched as bytes: an escaped key takes the full path, which reads it as `msg`.
            expect(ModalDecoder.validDocumentWithoutTree(bytes) == nil)
            expectEqual(ModalDecoder.decode(bytes).document?.modals.first?.message, "escaped key")
        } else {
            expect(ModalDecoder.validDocumentWithoutTree(bytes) != nil)
        }
    }

    /// A depth limit below the format's own nesting makes the full path refuse what the fast path would take.
    /// Every value of every enumerated key, colours and ranges, read in place or the long way (spaced, escaped,
    /// near values that share a start, keys in another order), agree with the full path; the plain ones are taken.
    @Test func enumeratedValuesColoursAndRangesAgree() {
        var texts: [String] = []
        for value in FontStyle.allCases.map(\.rawValue) + ["bolder", "bol", "Bold"] {
            texts.append(#"{"msg":"hello","styles":[{"apply_to":{"from":0,"length":2},"font_style":"\#(value)"}]}"#)
        }
        for value in ModalTextAlignment.allCases.map(\.rawValue) + ["centre", "lef"] {
            texts.append(#"{"msg":"hello","text_align":"\#(value)"}"#)
        }
        for value in TextDirection.allCases.map(\.rawValue) + ["rt", "ltrr"] {
            texts.append(#"{"msg":"hello","direction":"\#(value)"}"#)
        }
        texts.append(#"{"msg":"hello","direction":"r\u0074l"}"#)
        texts.append(#"{"msg":"hello","text_align": "center" }"#)
        for colour in ["#12ab9F", "#12ab9", "#12ab9Fa", "#1a2", "#1a2b", "#12ab9Fab", "#12ab9G", "#12\"ab9", "red"] {
            texts.append(#"{"msg":"hello","buttons":[{"label":"OK","action":"close","bg_color":"\#(colour)"}]}"#)
        }
        for range in [
            #"{"from":0,"length":2}"#, #"{ "from" : 1 , "length" : 3 }"#, "{\n  \"from\": 1,\n  \"length\": 3\n}",
            #"{"length":2,"from":0}"#, #"{"from":0,"length":0}"#, #"{"from":01,"length":2}"#,
            #"{"from":1.0,"length":2}"#, #"{"from":-1,"length":2}"#, #"{"from":0,"length":2,"from":1}"#,
            #"{"from":0}"#, #"{"from":0,"length":2e0}"#, #"{"fro\u006d":0,"length":2}"#,
        ] {
            texts.append(#"{"msg":"hello","styles":[{"apply_to":\#(range)}]}"#)
        }
        for text in texts {
            let bytes = Array(text.utf8)
            expect(Self.disagreement(bytes) == nil, "\(text)")
            if ModalDecoder.decode(bytes).diagnostics.isEmpty && !text.contains("\\u") {
                expect(ModalDecoder.validDocumentWithoutTree(bytes) != nil, "\(text)")
            }
        }
    }

    /// Font sizes at and around the bounds of the error and warning ranges: the fast path takes exactly those
    /// the full path finds nothing in, and reads them the same.
    @Test(arguments: [
        "0.999", "1", "5.99", "6", "6.0", "17.5", "200", "200.0", "200.01", "1000", "1000.5", "1e16", "1e-300",
        "6e0", "2e2", "2.0001e2",
    ])
    func fontSizesAtTheBoundsAgree(_ literal: String) {
        let bytes = Array(
            #"[{"msg":"hello","styles":[{"apply_to":{"from":0,"length":2},"font_size":\#(literal)}]}]"#.utf8)
        expect(Self.disagreement(bytes) == nil, "\(literal)")
        let clean = ModalDecoder.decodeKeepingTree(bytes).result.diagnostics.isEmpty
        expectEqual((ModalDecoder.validDocumentWithoutTree(bytes) != nil), clean, "\(literal)")
        expectEqual(clean, (6...200).contains(Double(literal)!), "\(literal)")
    }

    @Test func aSmallDepthLimitTakesTheFullPath() {
        let text = #"[{"msg":"a","styles":[{"apply_to":{"from":0,"length":1}}]}]"#
        let shallow = DecodeOptions(maxDepth: 4)
        expect(ModalDecoder.validDocumentWithoutTree(Array(text.utf8), options: shallow) == nil)
        expectEqual(ModalDecoder.decode(text, options: shallow).diagnostics.map(\.code), ["json-depth"])
        expect(ModalDecoder.validDocumentWithoutTree(Array(text.utf8), options: DecodeOptions(maxDepth: 5)) != nil)
    }
}
