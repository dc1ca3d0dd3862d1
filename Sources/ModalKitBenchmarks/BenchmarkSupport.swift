import Foundation

/// Timing and reporting shared by the benchmarks. Figures are printed as `RESULT` lines in the format of
/// the peers in `shared/bench`, so the two sides can be read together.
enum Bench {
    /// Wall-clock seconds of one run of `body`.
    static func seconds(_ body: () -> Void) -> Double {
        let duration = ContinuousClock().measure(body)
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Monotonic seconds, for timing loops that run until a duration has passed.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The median wall-clock seconds of `reps` runs of `body`.
    static func medianSeconds(reps: Int, _ body: () -> Void) -> Double {
        median((0..<max(1, reps)).map { _ in seconds(body) })
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Prints `RESULT name=… unit=… value=<median> min=… max=… reps=…` for per-repetition rates.
    static func report(name: String, unit: String, rates: [Double], note: String = "") {
        let sorted = rates.sorted()
        print(
            "RESULT name=\(name) unit=\(unit) value=\(format(median(rates))) min=\(format(sorted.first ?? 0)) "
                + "max=\(format(sorted.last ?? 0)) reps=\(rates.count)" + (note.isEmpty ? "" : " " + note))
    }

    static func format(_ value: Double, decimals: Int = 1) -> String { String(format: "%.\(decimals)f", value) }

    /// The files of the shared corpus's `small/` directory, sorted by name, as (path, bytes).
    static func corpusFiles(_ corpus: String) -> [(path: String, bytes: [UInt8])] {
        let directory = corpus + "/small"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory), !names.isEmpty else {
            print("no corpus at \(directory); generate it with: python3 shared/bench/gen_corpus.py \(corpus)")
            exit(1)
        }
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            let path = directory + "/" + name
            return FileManager.default.contents(atPath: path).map { (path, [UInt8]($0)) }
        }
    }
}
