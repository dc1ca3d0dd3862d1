import Dispatch
import HTTPSource
import ModalModel

/// `modalkit validate [--format text|json|github] [--strict] [--max-bytes N] PATH...`
enum ValidateCommand {
    static let usage = """
        usage: modalkit validate [--format text|json|github] [--strict] [--max-bytes N] [-H 'Name: value']...
                                 [--timeout SECONDS] PATH...
          PATH       a file, a directory (searched recursively for *.json), - for standard input, or an
                     http:// or https:// URL
          --format   text (compiler style, default), json (one document) or github (workflow annotations)
          --strict   treat warnings as errors
          --max-bytes N
                     refuse inputs larger than N bytes (default 16M; K, M and G suffixes are binary)
        \(URLSourceOptions.usage)exit status: 0 all valid, 1 any invalid, 2 usage error or unreadable input

        """

    enum Format: String { case text, json, github }

    static func run(arguments: [String], io: CLIIO) -> Int32 {
        var format = Format.text
        var strict = false
        var maxBytes = 16 << 20
        var paths: [String] = []
        var urlOptions = URLSourceOptions()
        var parser = ArgumentReader(arguments)
        while let argument = parser.next() {
            switch argument {
            case "--format":
                guard let value = parser.value(for: argument, io: io) else { return 2 }
                guard let parsed = Format(rawValue: value) else {
                    return usageError("--format must be text, json or github, not '\(value)'", io: io)
                }
                format = parsed
            case "--strict":
                if parser.rejectUnexpectedValue(for: argument, io: io) { return 2 }
                strict = true
            case "--max-bytes":
                guard let value = parser.value(for: argument, io: io) else { return 2 }
                guard let bytes = ArgumentReader.byteCount(value) else {
                    return usageError("--max-bytes takes a positive number of bytes such as 1048576 or 1M", io: io)
                }
                maxBytes = bytes
            case "-h", "--help":
                io.write(usage)
                return 0
            case _ where URLSourceOptions.requestOptions.contains(argument) && !parser.afterDoubleDash:
                guard let value = parser.value(for: argument, io: io) else { return 2 }
                if let problem = urlOptions.set(argument, value) { return usageError(problem, io: io) }
            default:
                if argument.hasPrefix("-") && argument != "-" && !parser.afterDoubleDash {
                    return usageError("unknown option '\(argument)'", io: io)
                }
                paths.append(argument)
            }
        }
        if paths.isEmpty { return usageError("no input: name files, directories or - for standard input", io: io) }

        var inputs: [Input] = []
        for path in paths {
            if path == "-" {
                if let data = io.readStandardInput(maxBytes: maxBytes) {
                    inputs.append(.read("<stdin>", data.count > maxBytes ? .tooLarge(size: data.count) : .bytes(data)))
                } else {
                    inputs.append(.read("<stdin>", .failed("standard input cannot be read")))
                }
                continue
            }
            if HTTPRequest.isURL(path) {
                switch urlOptions.fetch(url: path, maxBytes: maxBytes) {
                case .success(let bytes): inputs.append(.read(path, .bytes(bytes)))
                case .failure(let failure): inputs.append(.read(path, .failed("\(failure.message) (\(failure.code))")))
                }
                continue
            }
            switch FileReader.kind(of: path) {
            case .directory:
                let files = FileReader.jsonFiles(under: path)
                if files.isEmpty {
                    io.writeError("modalkit: warning: no *.json files under \(DiagnosticFormatter.safe(path))\n")
                }
                inputs.append(contentsOf: files.map(Input.file))
            case .file:
                inputs.append(.file(path))
            case .missing(let reason):
                inputs.append(.read(path, .failed(reason)))
            }
        }

        let reports = checkAll(inputs, maxBytes: maxBytes, keepSource: format == .text)
        var summary = Summary()
        for report in reports {
            summary.files += 1
            if report.unreadable != nil { summary.unreadable += 1 }
            if report.isValid(strict: strict) { summary.valid += 1 } else { summary.invalid += 1 }
            for diagnostic in report.diagnostics {
                switch diagnostic.severity {
                case .error: summary.errors += 1
                case .warning: summary.warnings += 1
                case .note: summary.notes += 1
                }
            }
            if report.unreadable != nil { summary.errors += 1 }
            switch format {
            case .text:
                if !report.diagnostics.isEmpty || report.unreadable != nil {
                    io.write(DiagnosticFormatter.text(report))
                }
            case .github: io.write(DiagnosticFormatter.github(report))
            case .json: break
            }
        }
        if format == .json { io.write(DiagnosticFormatter.json(reports, strict: strict, summary: summary)) }
        io.writeError(summary.line)
        if summary.unreadable > 0 { return 2 }
        return summary.invalid > 0 ? 1 : 0
    }

    /// One thing to check: a file to read, or input already read (standard input, or a path that failed).
    enum Input {
        case file(String)
        case read(String, FileReader.ReadResult)
    }

    /// Checks every input, spreading many files over the machine's cores; reports come back in input order.
    ///
    /// Files are independent, so a CI run over thousands of them is bound by how many cores validate at once.
    static func checkAll(_ inputs: [Input], maxBytes: Int, keepSource: Bool) -> [FileReport] {
        let workers = min(ProcessorCount.online, max(1, inputs.count / 64))
        if workers <= 1 { return inputs.map { check($0, maxBytes: maxBytes, keepSource: keepSource) } }
        let slots = ReportSlots(count: inputs.count)
        let chunk = (inputs.count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in (worker * chunk)..<min(inputs.count, (worker + 1) * chunk) {
                slots.store(check(inputs[index], maxBytes: maxBytes, keepSource: keepSource), at: index)
            }
        }
        return slots.reports()
    }

    /// Reads and validates one input. The source bytes are kept only where a diagnostic will quote them.
    static func check(_ input: Input, maxBytes: Int, keepSource: Bool) -> FileReport {
        let path: String
        let read: FileReader.ReadResult
        switch input {
        case .file(let file):
            path = file
            read = FileReader.read(path: file, maxBytes: maxBytes)
        case .read(let name, let result):
            path = name
            read = result
        }
        switch read {
        case .bytes(let data):
            let result = ModalDecoder.decode(data)
            let source = keepSource && !result.diagnostics.isEmpty ? SourceText(bytes: data) : nil
            return FileReport(path: path, source: source, diagnostics: result.diagnostics)
        case .tooLarge(let size):
            let diagnostic = Diagnostic(
                severity: .error, code: "file-too-large",
                message: "the file has \(size) bytes, more than the limit of \(maxBytes)",
                location: SourceLocation(line: 1, column: 1, byteOffset: 0),
                hint: "raise the limit with --max-bytes if the file is meant to be this large")
            return FileReport(path: path, source: nil, diagnostics: [diagnostic])
        case .failed(let reason):
            return FileReport(path: path, source: nil, diagnostics: [], unreadable: reason)
        }
    }

    static func usageError(_ message: String, io: CLIIO) -> Int32 {
        io.writeError("modalkit validate: \(DiagnosticFormatter.safe(message))\n\(usage)")
        return 2
    }
}

/// Reads options and operands in order, understanding `--name value`, `--name=value` and `--`.
struct ArgumentReader {
    private var remaining: ArraySlice<String>
    private var pendingValue: String?
    private(set) var afterDoubleDash = false

    init(_ arguments: [String]) { remaining = arguments[...] }

    mutating func next() -> String? {
        guard let argument = remaining.popFirst() else { return nil }
        if afterDoubleDash { return argument }
        if argument == "--" {
            afterDoubleDash = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    /// The value of an option, or nil after reporting that it is missing.
    mutating func value(for option: String, io: CLIIO) -> String? {
        if let pendingValue {
            self.pendingValue = nil
            return pendingValue
        }
        guard let value = remaining.popFirst() else {
            io.writeError("modalkit: \(option) needs a value\n")
            return nil
        }
        return value
    }

    /// Whether an option given as `--name=value` left its value unread (then it takes no value).
    mutating func rejectUnexpectedValue(for option: String, io: CLIIO) -> Bool {
        guard pendingValue != nil else { return false }
        pendingValue = nil
        io.writeError("modalkit: \(option) takes no value\n")
        return true
    }

    /// A byte count: digits with an optional binary K, M or G suffix.
    static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text)
        var multiplier = 1
        switch text.last?.uppercased() {
        case "K": multiplier = 1 << 10
        case "M": multiplier = 1 << 20
        case "G": multiplier = 1 << 30
        default: break
        }
        if multiplier > 1 { digits = digits.dropLast() }
        guard let value = Int(digits), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }
}
