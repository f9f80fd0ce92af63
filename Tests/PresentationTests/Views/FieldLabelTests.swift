import Presentation
import Testing

@Suite("Field labels")
struct FieldLabelTests {
    @Test(
        "a Domain field name reads as words, a run of capitals as one word",
        arguments: [
            ("codeName", "code name"), ("teamID", "team id"), ("powers", "powers"), ("realName", "real name"),
        ]
    )
    func words(field: String, label: String) {
        #expect(FieldProblem(field: field, message: "is wrong").label == label)
    }
}
