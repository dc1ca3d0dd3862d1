import Foundation
import ModalModel
import PositionedJSON

/// Throughput of `JSONParser.parse` on the shared bench corpus, next to Foundation's `JSONSerialization`.
///
/// Usage: `ModalKitBenchmarks json [CORPUS_DIR] [--reps N] [--foundation-reps N]`, where CORPUS_DIR holds
/// `small/*.json` and `big/huge.json` (default `/tmp/modal-corpus`, made by `bench/gen_corpus.py`).
/// One repetition parses every file once; the reported figure is the median over repetitions, in 10^6
/// bytes of input per second, like the peers' `RESULT` lines.
func runJSONParseBenchmark(arguments: [String]) {
    var corpus = "/tmp/modal-corpus"
    var reps = 9
    var foundationReps = 3
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--reps" where index + 1 < arguments.count:
            reps = max(1, Int(arguments[index + 1]) ?? reps)
            index += 1
        case "--foundation-reps" where index + 1 < arguments.count:
            foundationReps = max(0, Int(arguments[index + 1]) ?? foundationReps)
            index += 1
        default:
            corpus = arguments[index]
        }
        index += 1
    }

    let smallDirectory = corpus + "/small"
    guard
        let names = try? FileManager.default.contentsOfDirectory(atPath: smallDirectory).filter({
            $0.hasSuffix(".json")
        }).sorted(),
        !names.isEmpty
    else {
        print("no corpus at \(smallDirectory); generate it with: python3 bench/gen_corpus.py \(corpus)")
        exit(1)
    }
    let files: [[UInt8]] = names.compactMap { name in
        FileManager.default.contents(atPath: smallDirectory + "/" + name).map { [UInt8]($0) }
    }
    let datas = files.map { Data($0) }
    let totalBytes = files.reduce(0) { $0 + $1.count }
    print("corpus: \(files.count) files, \(totalBytes) bytes, \(reps) reps (Foundation: \(foundationReps))")

    // Check the work: every file parses, and every repetition sees the same number of modals.
    let values = files.reduce(0) { total, bytes in
        guard case .success(let root) = JSONParser.parse(bytes, knownStrings: .modalFormat) else { return total }
        return total + nodeCount(root.value)
    }
    var expectedChecksum: Int?
    let parsePass = {
        var checksum = 0
        for bytes in files {
            switch JSONParser.parse(bytes, knownStrings: .modalFormat) {
            case .success(let root): checksum &+= topLevelCount(root.value)
            case .failure(let error): fatalError("corpus file failed to parse: \(error)")
            }
        }
        if let expectedChecksum, expectedChecksum != checksum { fatalError("parse results differ between reps") }
        expectedChecksum = checksum
    }
    let foundationPass = {
        var checksum = 0
        for data in datas {
            guard let object = try? JSONSerialization.jsonObject(with: data) else {
                fatalError("Foundation rejected a corpus file")
            }
            checksum &+= (object as? [Any])?.count ?? 1
        }
        precondition(checksum == expectedChecksum, "Foundation saw a different number of modals")
    }
    // On a shared, noisy machine the two alternate (A B A B ...), so both see the same background load.
    parsePass()
    if foundationReps > 0 { foundationPass() }
    var parser: [Double] = []
    var foundation: [Double] = []
    for rep in 0..<reps {
        parser.append(Bench.seconds(parsePass))
        if rep < foundationReps { foundation.append(Bench.seconds(foundationPass)) }
    }
    report(
        name: "json_parse_small", bytes: totalBytes, seconds: parser,
        note: "modals=\(expectedChecksum ?? 0) values=\(values)")
    if !foundation.isEmpty {
        report(name: "foundation_jsonserialization_small", bytes: totalBytes, seconds: foundation, note: "")
        // Pair each Foundation rep with the parser rep that ran next to it.
        let ratio = Bench.median(foundation) / Bench.median(Array(parser.prefix(foundation.count)))
        print("ratio: JSONParser is \(Bench.format(ratio))x as fast as JSONSerialization on the same bytes")
    }

    if let huge = FileManager.default.contents(atPath: corpus + "/big/huge.json").map({ [UInt8]($0) }) {
        let hugeTimes = measure(reps: reps) {
            guard case .success = JSONParser.parse(huge, knownStrings: .modalFormat) else {
                fatalError("huge.json failed to parse")
            }
        }
        report(name: "json_parse_huge", bytes: huge.count, seconds: hugeTimes, note: "")
    }
}

/// Wall-clock seconds of each of `reps` runs of `body`, after one untimed warm-up run.
private func measure(reps: Int, _ body: () -> Void) -> [Double] {
    body()
    return (0..<reps).map { _ in Bench.seconds(body) }
}

/// Prints a `RESULT` line in the peers' format: MB/s median, min and max over the repetitions.
private func report(name: String, bytes: Int, seconds: [Double], note: String) {
    let rates = seconds.map { Double(bytes) / $0 / 1e6 }.sorted()
    let medianRate = Double(bytes) / Bench.median(seconds) / 1e6
    print(
        "RESULT name=\(name) unit=MB/s value=\(Bench.format(medianRate)) min=\(Bench.format(rates.first!)) "
            + "max=\(Bench.format(rates.last!)) reps=\(seconds.count)" + (note.isEmpty ? "" : " " + note))
}

/// The number of elements of a top-level array (the modals of a corpus file), or 1 for any other value.
private func topLevelCount(_ value: JSONValue) -> Int {
    if case .array(let elements) = value { return elements.count }
    return 1
}

/// The number of values in a tree.
private func nodeCount(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): return elements.reduce(1) { $0 + nodeCount($1.value) }
    case .object(let members): return members.reduce(1) { $0 + nodeCount($1.value.value) }
    default: return 1
    }
}
