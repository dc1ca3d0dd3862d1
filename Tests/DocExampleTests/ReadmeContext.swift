import ModalKit

/// What the README's blocks use and do not define: a modal's JSON (its ranges counted in graphemes, which
/// `validate` warns about and the fixer converts).
struct ReadmeContext: DocContext {
    let output = DocOutput()
    var json = DocExampleJSON.graphemeCounted
}
