/// Modal JSON that more than one document's examples read.
enum DocExampleJSON {
    /// A modal whose ranges are counted in graphemes, which `validate` warns about and the fixer converts.
    static let graphemeCounted =
        #"{"msg":"Café ☕ deals: 20% off 🎉 today only — tap here","styles":[{"apply_to":{"from":24,"length":10}},{"apply_to":{"from":37,"length":8},"link":"https://example.com"}],"buttons":[{"label":"OK","action":"close"}]}"#
}
