import ModalModel
import PositionedJSON

/// Findings recorded at one time, so that a later run reports only what is new.
///
/// A finding is keyed by file, code and JSON pointer, not by line: lines move when a file is edited, the
/// place in the document does not. The same key may be recorded more than once (two unknown keys in one
/// object have the same code and pointer prefix but different pointers; two notes may share one pointer).
package struct Baseline: Sendable, Equatable {
    /// One recorded finding.
    package struct Key: Sendable, Hashable, Comparable {
        /// The file as it was named on the command line.
        package var file: String
        /// The diagnostic code.
        package var code: String
        /// The JSON pointer of the diagnostic.
        package var pointer: String

        /// Creates a key.
        package init(file: String, code: String, pointer: String) {
            self.file = file
            self.code = code
            self.pointer = pointer
        }

        package static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.code, lhs.pointer) < (rhs.file, rhs.code, rhs.pointer)
        }
    }

    /// How many times each key was recorded.
    package var counts: [Key: Int]

    /// A baseline of the findings in `reports` (unreadable files are not recorded).
    package init(_ reports: [FileReport]) {
        counts = [:]
        for report in reports {
            for diagnostic in report.diagnostics {
                counts[Key(file: report.path, code: diagnostic.code, pointer: diagnostic.pointer), default: 0] += 1
            }
        }
    }

    /// Reads a baseline file written by `serialized`; nil with the reason when it is not one.
    package static func parse(_ bytes: [UInt8]) -> Result<Baseline, BaselineError> {
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else {
            return .failure(BaselineError(message: "the baseline is not JSON"))
        }
        guard case .object(let members) = root.value,
            case .array(let findings)? = members.first(where: { $0.key == "findings" })?.value.value
        else { return .failure(BaselineError(message: "the baseline has no \"findings\" array")) }
        var baseline = Baseline([])
        for finding in findings {
            guard case .object(let fields) = finding.value,
                case .string(let file)? = fields.first(where: { $0.key == "file" })?.value.value,
                case .string(let code)? = fields.first(where: { $0.key == "code" })?.value.value,
                case .string(let pointer)? = fields.first(where: { $0.key == "pointer" })?.value.value
            else { return .failure(BaselineError(message: "a finding lacks \"file\", \"code\" or \"pointer\"")) }
            var count = 1
            if case .number(let number)? = fields.first(where: { $0.key == "count" })?.value.value,
                let exact = number.exactInteger, exact > 0
            {
                count = exact
            }
            baseline.counts[Key(file: file, code: code, pointer: pointer), default: 0] += count
        }
        return .success(baseline)
    }

    /// The baseline file: one finding per line, sorted, so that its diffs in review are readable.
    package var serialized: String {
        var out = "{\"version\":1,\"findings\":[\n"
        let lines = counts.keys.sorted().map { key in
            var line = "{\"file\":\(JSONWriter.quoted(key.file)),\"code\":\(JSONWriter.quoted(key.code))"
            line += ",\"pointer\":\(JSONWriter.quoted(key.pointer))"
            if let count = counts[key], count > 1 { line += ",\"count\":\(count)" }
            return line + "}"
        }
        out += lines.joined(separator: ",\n")
        return out + (lines.isEmpty ? "" : "\n") + "]}\n"
    }

    /// The reports with baselined findings removed, and how many baselined findings were not seen again.
    package func newFindings(in reports: [FileReport]) -> (reports: [FileReport], gone: Int) {
        var remaining = counts
        var filtered = reports
        for index in filtered.indices {
            let path = filtered[index].path
            filtered[index].diagnostics.removeAll { diagnostic in
                let key = Key(file: path, code: diagnostic.code, pointer: diagnostic.pointer)
                guard let left = remaining[key], left > 0 else { return false }
                remaining[key] = left - 1
                return true
            }
        }
        return (filtered, remaining.values.reduce(0, +))
    }
}

/// Why a baseline file cannot be used.
package struct BaselineError: Error, Sendable, Equatable {
    /// What is wrong with it.
    package var message: String
}
