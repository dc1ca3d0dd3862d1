import ModalModel

/// A document's diagnostics by JSON pointer, so that the diagnostics a fix resolves are looked for among the
/// few at its pointer, below it or at its parent, instead of among all of them: with a fix per style, asking
/// every fix about every diagnostic grows with the square of the styles.
package struct DiagnosticsByPointer: Sendable {
    /// The diagnostics, in their order.
    package let diagnostics: [Diagnostic]
    private var atPointer: [String: [Int]] = [:]
    private var belowPointer: [String: [Int]] = [:]

    /// Indexes `diagnostics`.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
        for (index, diagnostic) in diagnostics.enumerated() {
            let pointer = diagnostic.pointer
            atPointer[pointer, default: []].append(index)
            // Under every ancestor: "/0/styles/1" is below "/0/styles", "/0" and "".
            var end = pointer.endIndex
            while let slash = pointer[..<end].lastIndex(of: "/") {
                belowPointer[String(pointer[..<slash]), default: []].append(index)
                end = slash
            }
        }
    }

    /// The diagnostics `fix` resolves, in their order. `ModalFix.resolves` is asked only of those whose
    /// pointer is the fix's, its parent's, or below the fix's, which holds every one it can resolve.
    package func resolved(by fix: ModalFix) -> [Diagnostic] {
        resolvedIndices(by: fix).map { diagnostics[$0] }
    }

    /// The diagnostics any of `fixes` resolves, in their order, each once.
    package func resolved(byAnyOf fixes: [ModalFix]) -> [Diagnostic] {
        var indices = Set<Int>()
        for fix in fixes { indices.formUnion(resolvedIndices(by: fix)) }
        return indices.sorted().map { diagnostics[$0] }
    }

    private func resolvedIndices(by fix: ModalFix) -> [Int] {
        let pointer = fix.pointer
        let parent = String(pointer[..<(pointer.lastIndex(of: "/") ?? pointer.startIndex)])
        var candidates = Set(atPointer[pointer] ?? [])
        candidates.formUnion(belowPointer[pointer] ?? [])
        candidates.formUnion(atPointer[parent] ?? [])
        return candidates.sorted().filter { fix.resolves(diagnostics[$0]) }
    }
}
