/// Stubs with `proxyBaseUrl`: forwarded off the loop, answered as a deferred response.
extension HeroesApplication {
    func proxy(
        _ request: ServerRequest, to target: ProxyTarget, plan: FaultPlan, match: JournalMatch
    ) -> (ServerResponse, Delivery) {
        let fault = plan.isEmpty ? nil : plan.summary
        let (journal, nudge, recorder) = (journal, nudge, recorder)
        let call = ProxyCall(
            request, to: target, timeout: proxyTimeout, bodyLimit: Framing.maximumBodyBytes, ready: nudge
        ) { outcome in
            // On the session's queue: the journal and the recording take it from here.
            journal.record(
                request, status: ProxyCall.status(outcome), fault: fault, match: match,
                proxied: ProxiedAnswer(outcome, requestBody: request.body))
            recorder.captured(request, outcome)
        }
        let malformedJSON = plan.malformedJSON
        let deferred = DeferredResponse(
            timeoutMilliseconds: call.timeoutMilliseconds, isReady: { call.isFinished },
            render: {
                var response = call.response()
                if malformedJSON { Self.breakJSON(&response) }
                return response
            }, mode: plan.mode, delayMilliseconds: plan.delayMilliseconds)
        return (ServerResponse(status: 200, fields: [], body: []), Delivery(deferred: deferred))
    }
}
