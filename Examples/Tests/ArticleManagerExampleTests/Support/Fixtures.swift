import ArticleManagerExample

extension Article {
  static let mocked = [Article(id: 10, title: "From the mock")]
}
