import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import NIOCore
import SharedInstancesTesting
import Testing

// The generated HTTPResponderSpy in use: Hummingbird's real `Router` matches a request to the
// route the spy answers, calls the spy with the request and the route's context, and sends the
// spy's stubbed response back through the application (HummingbirdTesting's in-process router
// framework: no network).
@Suite struct RouterCallsHTTPResponderSpyTests {
  @Test func theRouterCallsTheSpyWithTheMatchedRequestAndSendsItsAnswer() async throws {
    let spy = HTTPResponderSpy<BasicRequestContext>()
    spy.stub(.respond) { call in
      guard case .respond(_, let context) = call else { return Response(status: .badRequest) }
      let id = context.value.parameters.get("id") ?? "?"
      return Response(
        status: .accepted,
        body: ResponseBody(byteBuffer: ByteBuffer(string: "order \(id)"))
      )
    }
    let router = Router()
    router.on("/orders/{id}", method: .post, responder: spy)
    let app = Application(router: router)
    try await app.test(.router) { client in
      try await client.execute(uri: "/orders/42", method: .post) { response in
        #expect(response.status == .accepted)
        #expect(String(buffer: response.body) == "order 42")
      }
      // A request no route matches never reaches the spy.
      try await client.execute(uri: "/customers/7", method: .post) { response in
        #expect(response.status == .notFound)
      }
    }
    let requests = spy.calls.map { call in
      if case .respond(let request, _) = call {
        "\(request.value.method) \(request.value.uri.path)"
      } else {
        ""
      }
    }
    #expect(requests == ["POST /orders/42"])
  }

  @Test func anUnstubbedRespondFailsTheTestAndTheRouterAnswersAnError() async throws {
    let spy = HTTPResponderSpy<BasicRequestContext>()
    let router = Router()
    router.on("/orders/{id}", method: .get, responder: spy)
    let app = Application(router: router)
    try await withKnownIssue {
      try await app.test(.router) { client in
        try await client.execute(uri: "/orders/1", method: .get) { response in
          #expect(response.status == .internalServerError)
        }
      }
    }
    #expect(spy.calls.count == 1)
  }
}
