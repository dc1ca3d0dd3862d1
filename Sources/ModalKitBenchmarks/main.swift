#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Benchmarks: `ModalKitBenchmarks <name> [options]`; run from a release build.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json":
    runJSONParseBenchmark(arguments: Array(arguments.dropFirst()))
case "validate":
    CorpusBenchmark.runValidate(Array(arguments.dropFirst()))
case "validate-files":
    CorpusBenchmark.runValidateFiles(Array(arguments.dropFirst()))
case "validate-invalid":
    CorpusBenchmark.runValidateInvalid(Array(arguments.dropFirst()))
case "encode":
    exit(EncodeBenchmark.run(Array(arguments.dropFirst())))
case "render-corpus":
    CorpusBenchmark.runRender(Array(arguments.dropFirst()))
case "html-corpus":
    CorpusBenchmark.runHTML(Array(arguments.dropFirst()))
case "preview":
    PreviewBenchmark.run()
case "preview-resize":
    PreviewBenchmark.runResize(Array(arguments.dropFirst()))
case "preview-start":
    PreviewBenchmark.runStart(Array(arguments.dropFirst()))
case "render":
    RenderBenchmark.run(arguments: Array(arguments.dropFirst()))
case "wrap":
    exit(WrapBenchmark.run(Array(arguments.dropFirst())))
case "unicode":
    exit(UnicodeBenchmark.run(arguments: Array(arguments.dropFirst())))
case "inlining":
    exit(InliningBenchmark.run(Array(arguments.dropFirst())))
case "dump-widths":
    exit(UnicodeBenchmark.dumpWidths(paths: Array(arguments.dropFirst())))
default:
    print(
        """
        usage: ModalKitBenchmarks validate [CORPUS_DIR] [--reps N]
               ModalKitBenchmarks validate-files [CORPUS_DIR] [--reps N] [--fast-path-only]
               ModalKitBenchmarks validate-invalid [--reps N]
               ModalKitBenchmarks render-corpus [CORPUS_DIR] [--reps N]
               ModalKitBenchmarks html-corpus [CORPUS_DIR] [--reps N]
               ModalKitBenchmarks encode [CORPUS_DIR] [--reps N]
               ModalKitBenchmarks json [CORPUS_DIR] [--reps N] [--foundation-reps N]
               ModalKitBenchmarks preview
               ModalKitBenchmarks preview-resize [MB] [ROUNDS]
               ModalKitBenchmarks preview-start [MB] [ROUNDS]
               ModalKitBenchmarks render [--width N] [--seconds S]
               ModalKitBenchmarks unicode [FILE] [REPS]
               ModalKitBenchmarks wrap [text.txt] [REPS] [--only resolve|styled|plain|resolve-and-wrap|linearity]
               ModalKitBenchmarks inlining [text.txt] [REPS]
               ModalKitBenchmarks dump-widths FILE...
        """)
}
