import CModalKit
import ModalKitC
import Testing

/// What a C caller gets back from one call: the status and the result's text, freed.
private struct Answer {
    var status: modalkit_status
    var text: String
}

/// Calls `body` with a result, checks the result's text is NUL-terminated at its length, and frees it.
private func call(_ body: (UnsafeMutablePointer<modalkit_result>) -> modalkit_status) -> Answer {
    var result = modalkit_result(text: nil, length: 0)
    let status = body(&result)
    let text: String
    if let bytes = result.text {
        #expect(bytes[result.length] == 0)
        text = String(
            decoding: UnsafeRawBufferPointer(start: bytes, count: result.length).bindMemory(to: UInt8.self),
            as: UTF8.self)
    } else {
        text = ""
    }
    modalkitResultFree(&result)
    #expect(result.text == nil)
    return Answer(status: status, text: text)
}

private func validate(_ document: String, options: String = "") -> Answer {
    let bytes = Array(document.utf8)
    let settings = Array(options.utf8)
    return call { modalkitValidate(bytes, bytes.count, settings, settings.count, $0) }
}

private func render(_ document: String, format: String, width: Int32 = 40, theme: String = "") -> Answer {
    let bytes = Array(document.utf8)
    let formatBytes = Array(format.utf8)
    let themeBytes = Array(theme.utf8)
    return call {
        modalkitRender(bytes, bytes.count, formatBytes, formatBytes.count, width, themeBytes, themeBytes.count, $0)
    }
}

private let valid = #"[{"msg": "Deal\n\nSave 20% today", "styles": [{"apply_to": {"from": 6, "length": 4}}]}]"#
private let badColor =
    ##"[{"msg": "Deal\n\nSave", "styles": [{"apply_to": {"from": 0, "length": 4}, "color": "#12345"}]}]"##

@Suite("The C interface")
struct CInterfaceTests {
    @Test("validate answers with the command line's JSON report, findings and summary included")
    func validateReport() {
        let answer = validate(badColor)
        #expect(answer.status == MODALKIT_OK)
        #expect(answer.text.hasPrefix(#"{"files":[{"path":"<stdin>","valid":false,"diagnostics":[{"#))
        #expect(answer.text.contains(#""code":"invalid-color""#))
        #expect(answer.text.hasSuffix(#""errors":1,"warnings":0,"notes":0}}"# + "\n"))
        #expect(validate(valid).text.contains(#""valid":true,"diagnostics":[]"#))
    }

    @Test("the options are a config: select narrows, strict counts warnings, a typo is an options error")
    func validateOptions() {
        #expect(validate(badColor, options: #"{"select": ["unknown-key"]}"#).text.contains(#""diagnostics":[]"#))
        #expect(
            validate(badColor, options: #"{"ignore": [{"code": "invalid-color"}]}"#).text.contains(#""valid":true"#))
        let warned = ##"[{"msg": "Deal\n\nSave", "colour": "#fff"}]"##
        #expect(validate(warned).text.contains(#""valid":true"#))
        #expect(validate(warned, options: #"{"strict": true}"#).text.contains(#""valid":false"#))
        let typo = validate(valid, options: #"{"selct": []}"#)
        #expect(typo.status == MODALKIT_ERROR_OPTIONS)
        #expect(typo.text.contains("select"))
        let small = validate(valid, options: #"{"max-bytes": 10}"#)
        #expect(small.status == MODALKIT_ERROR_TOO_LARGE)
    }

    @Test("not JSON and bad UTF-8 are findings for validate and their own statuses for fix, render and styles")
    func inputKinds() {
        #expect(validate("{not json").text.contains(#""code":"json-syntax""#))
        let notJSON = Array("{not json".utf8)
        #expect(call { modalkitFix(notJSON, notJSON.count, $0) }.status == MODALKIT_ERROR_NOT_JSON)
        #expect(call { modalkitStyles(notJSON, notJSON.count, $0) }.status == MODALKIT_ERROR_NOT_JSON)
        let badUTF8: [UInt8] = Array(#"[{"msg": ""#.utf8) + [0xFF] + Array(#""}]"#.utf8)
        let fixed = call { modalkitFix(badUTF8, badUTF8.count, $0) }
        #expect(fixed.status == MODALKIT_ERROR_BAD_UTF8)
        #expect(fixed.text.contains("json-utf8"))
    }

    @Test("render draws a valid document and refuses an invalid one, an unknown format or theme")
    func renderOutcomes() {
        let drawn = render(valid, format: "plain")
        #expect(drawn.status == MODALKIT_OK)
        #expect(drawn.text.hasPrefix("┌") && drawn.text.contains("Save 20% today"))
        #expect(render(valid, format: "html", theme: "dark").text.contains("<html"))
        let invalid = render(badColor, format: "plain")
        #expect(invalid.status == MODALKIT_ERROR_INVALID)
        #expect(invalid.text.contains("invalid-color"))
        #expect(render(valid, format: "pdf").status == MODALKIT_ERROR_ARGUMENT)
        #expect(render(valid, format: "plain", theme: "sepia").status == MODALKIT_ERROR_ARGUMENT)
        // Widths are refused outside the command line's range, not drawn at another width.
        for width: Int32 in [-1, 0, 9, 1001, .max] {
            let refused = render(valid, format: "plain", width: width)
            #expect(refused.status == MODALKIT_ERROR_ARGUMENT)
            #expect(refused.text.contains("from 10 to 1000 cells, not \(width)"))
        }
        #expect(render(valid, format: "plain", width: 10).status == MODALKIT_OK)
        #expect(render(valid, format: "plain", width: 1000).status == MODALKIT_OK)
    }

    @Test("fix converts a range counted in code points, and returns a document with nothing certain unchanged")
    func fixOutcomes() {
        let counted = #"[{"msg": "😀😀 deal\n\nSave now", "styles": [{"apply_to": {"from": 3, "length": 4}}]}]"#
        let bytes = Array(counted.utf8)
        let fixed = call { modalkitFix(bytes, bytes.count, $0) }
        #expect(fixed.status == MODALKIT_OK)
        #expect(fixed.text.contains(#""from": 5"#))
        let unchanged = Array(valid.utf8)
        #expect(call { modalkitFix(unchanged, unchanged.count, $0) }.text == valid)
    }

    @Test("styles gives each style's covered text with its UTF-16 offsets")
    func coveredText() {
        let document = Array(#"[{"msg": "😀 hi there", "styles": [{"apply_to": {"from": 3, "length": 2}}]}]"#.utf8)
        let answer = call { modalkitStyles(document, document.count, $0) }
        #expect(answer.text == #"{"modals":[{"styles":[{"from":3,"length":2,"text":"hi"}]}]}"#)
    }

    @Test("misuse is a status and a message: NULL with a length, no result")
    func misuse() {
        let answer = call { modalkitValidate(nil, 5, nil, 0, $0) }
        #expect(answer.status == MODALKIT_ERROR_ARGUMENT)
        #expect(answer.text.contains("NULL"))
        #expect(modalkitValidate(nil, 0, nil, 0, nil) == MODALKIT_ERROR_ARGUMENT)
        #expect(validate("").text.contains("json-syntax"))
        modalkitResultFree(nil)
    }

    @Test("the ABI and release versions")
    func versions() {
        #expect(modalkit_abi_version() == UInt32(MODALKIT_ABI_VERSION))
        #expect(String(cString: modalkitVersion()).split(separator: ".").count == 3)
    }

    @Test("eight threads at once answer as one does")
    func concurrentCalls() async {
        let expected = [validate(valid).text, validate(badColor).text, render(valid, format: "ansi").text]
        let answers = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<50).flatMap { _ in
                        [validate(valid).text, validate(badColor).text, render(valid, format: "ansi").text]
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 8)
        for answer in answers { #expect(answer == Array(repeating: expected, count: 50).flatMap { $0 }) }
    }
}
