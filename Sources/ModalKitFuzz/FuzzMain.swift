import FuzzHarness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fuzzing executable. Built by `Scripts/fuzz.sh` with `-DFUZZING` and `-sanitize=fuzzer,address`, it
/// hands control to libFuzzer: `ModalKitFuzz TARGET [libFuzzer options] [corpus dirs]`. In a normal build
/// it replays inputs instead: `ModalKitFuzz TARGET FILE...` runs each file once (to reproduce a crash).
@main
enum FuzzMain {
    static func main() {
        var arguments = CommandLine.arguments
        // libFuzzer's -fork and -jobs modes start children with its own options only: they find the target here.
        if let name = getenv("MODALKIT_FUZZ_TARGET").map({ String(cString: $0) }),
            arguments.count < 2 || FuzzTarget(rawValue: arguments[1]) == nil
        {
            arguments.insert(name, at: 1)
        }
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            print("usage: ModalKitFuzz \(names) [libFuzzer options | FILE...]")
            exit(2)
        }
        selectedTarget = target
        #if FUZZING
            // libFuzzer reads its own options; the target name is not one of them.
            let firstOption = Int(CommandLine.argc) - (arguments.count - 2)
            var argv: [UnsafeMutablePointer<CChar>?] = [CommandLine.unsafeArgv[0]]
            for index in firstOption..<Int(CommandLine.argc) { argv.append(CommandLine.unsafeArgv[index]) }
            argv.append(nil)
            var argc = Int32(argv.count - 1)
            let status = argv.withUnsafeMutableBufferPointer { buffer in
                var base = buffer.baseAddress
                return LLVMFuzzerRunDriver(&argc, &base, fuzzOneInput)
            }
            exit(status)
        #else
            for path in arguments.dropFirst(2) {
                guard let bytes = readFile(path) else {
                    print("cannot read \(path)")
                    exit(2)
                }
                FuzzHarness.run(target, bytes)
                print("ran \(path) (\(bytes.count) bytes)")
            }
        #endif
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}

/// The target chosen on the command line, read by the C callback (which cannot capture).
nonisolated(unsafe) var selectedTarget = FuzzTarget.json

#if FUZZING
    /// libFuzzer's entry point into the program: runs one input.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    let fuzzOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
        LLVMFuzzerTestOneInput(data, size)
    }

    /// The callback libFuzzer's runtime requires by name (its archive is linked whole); the driver above
    /// calls the same code.
    @_cdecl("LLVMFuzzerTestOneInput")
    func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzHarness.run(selectedTarget, bytes)
        return 0
    }
#endif
