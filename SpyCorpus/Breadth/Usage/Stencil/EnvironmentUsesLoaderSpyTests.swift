import SharedInstancesTesting
import Stencil
import Testing

// The generated LoaderSpy in use: Stencil's real `Environment` asks it for templates and
// renders them. `Loader.loadTemplate(names:environment:)` has a default, which the spy leaves
// to Stencil: that default calls the spy's `loadTemplate(name:environment:)` for each name until
// one does not throw `TemplateDoesNotExist`.
@Suite struct EnvironmentUsesLoaderSpyTests {
  @Test func aRealEnvironmentRendersTheTemplateTheSpyLoads() throws {
    let spy = LoaderSpy()
    spy.stub(.loadTemplate) { _ in Template(templateString: "Hello {{ name }}!") }
    let environment = Environment(loader: spy)
    let rendered = try environment.renderTemplate(name: "greeting.html", context: ["name": "Ada"])
    #expect(rendered == "Hello Ada!")
    let names = spy.calls.map { call in
      if case .loadTemplate(let name, _) = call { name } else { "" }
    }
    #expect(names == ["greeting.html"])
  }

  @Test func theDefaultedRequirementKeepsStencilsImplementation() throws {
    let spy = LoaderSpy()
    spy.stub(.loadTemplate) { call in
      guard case .loadTemplate(let name, _) = call, name == "page.html" else {
        throw TemplateDoesNotExist(templateNames: [])
      }
      return Template(templateString: "page")
    }
    let environment = Environment(loader: spy)
    let template = try environment.loadTemplate(names: ["missing.html", "page.html"])
    #expect(try template.render() == "page")
    // Stencil's default tried each name in turn through the spy.
    let names = spy.calls.map { call in
      if case .loadTemplate(let name, _) = call { name } else { "" }
    }
    #expect(names == ["missing.html", "page.html"])
  }

  @Test func anUnstubbedLoadFailsTheTestAndStencilSeesAnError() {
    let spy = LoaderSpy()
    let environment = Environment(loader: spy)
    withKnownIssue {
      #expect(throws: (any Error).self) { try environment.renderTemplate(name: "any.html") }
    }
  }
}
