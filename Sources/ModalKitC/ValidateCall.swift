import CModalKit
import ModalModel
import Reporting
@_spi(Kernel) import TextKernel

/// Validates one document and answers with the JSON report `modalkit validate --format json -` prints.
@_cdecl("modalkit_validate")
public func modalkitValidate(
    _ input: UnsafePointer<UInt8>?, _ inputLength: Int, _ options: UnsafePointer<UInt8>?, _ optionsLength: Int,
    _ result: UnsafeMutablePointer<modalkit_result>?
) -> modalkit_status {
    answer(result) { () throws(CallFailure) -> [UInt8] in
        let config = try validationOptions(try callerBytes(options, count: optionsLength, name: "the options"))
        let bytes = try DocumentInput.inputBytes(
            input, count: inputLength, limit: config.maxBytes ?? ByteSize.defaultInputLimit)
        let path = "<stdin>"
        var report = DocumentCheck.report(
            path: path, bytes: bytes, keepSource: false,
            profile: config.profile.flatMap(TargetProfile.init(rawValue:)), card: config.card.card)
        if !config.selectedCodes.isEmpty || !config.ignores.isEmpty {
            report = DiagnosticFilter(selectedCodes: config.selectedCodes, ignores: config.ignores).apply(to: report)
        }
        var writer = ReportWriter(format: .json, options: ReportOptions(strict: config.strict ?? false))
        return Array((writer.write(report) + writer.finish()).utf8)
    }
}

/// The options JSON read as a `.modalkit.json` config, so both take the same settings with the same errors.
private func validationOptions(_ bytes: [UInt8]) throws(CallFailure) -> ValidationConfig {
    if bytes.isEmpty { return ValidationConfig() }
    switch ValidationConfig.parse(bytes, directory: "") {
    case .success(let config): return config
    case .failure(let error):
        let first = error.diagnostics.first?.description ?? "the options are not a valid config"
        throw CallFailure(status: MODALKIT_ERROR_OPTIONS, message: "options: " + first)
    }
}
