/// One ```swift block of a document, as Scripts/gen_doc_examples.py compiles it: where it is, what it says,
/// and its code to run against a context.
struct DocBlock<Context> {
    /// The line of the document the block's code starts on.
    var line: Int
    /// The block as the document shows it.
    var source: String
    /// Runs the block's code.
    var run: (Context) throws -> Void

    init(line: Int, source: String, run: @escaping (Context) throws -> Void) {
        self.line = line
        self.source = source
        self.run = run
    }
}

/// What the blocks of a document did: what they printed, the calls they made to the context's stand-ins,
/// the values they defined and the status they exited with.
final class DocOutput {
    var printed = ""
    var calls: [String] = []
    var values: [String: Any] = [:]
    var exitStatus: Int32?
}

/// The names a document's blocks use without defining them; each document's context adds its own.
protocol DocContext {
    var output: DocOutput { get }
}

extension DocContext {
    /// Stands in for the standard library's `print`, so that a test reads what the example printed.
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        output.printed += items.map { "\($0)" }.joined(separator: separator) + terminator
    }

    /// Stands in for `exit`: the example's process would end here with `status`.
    func exit(_ status: Int32) { output.exitStatus = status }

    /// Keeps a value the block defined (the generated code calls this after the block).
    func record<Value>(_ name: String, _ value: Value) { output.values[name] = value }

    /// The value the block defined under `name`, as `T`.
    func value<T>(_ name: String, as _: T.Type = T.self) -> T? { output.values[name] as? T }
}

extension Array {
    /// The block whose source contains `text`; the tests pick blocks by what they say, not by position.
    func block<Context>(containing text: String) -> DocBlock<Context>? where Element == DocBlock<Context> {
        first { $0.source.contains(text) }
    }
}
