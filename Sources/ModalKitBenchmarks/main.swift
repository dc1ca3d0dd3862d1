import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "wrap":
    exit(WrapBenchmark.run(Array(arguments.dropFirst())))
default:
    print("usage: ModalKitBenchmarks wrap [text.txt] [reps]")
}
