/// A validated create or replace body.
struct HeroSubmission {
    var codeName: String
    var encryptedRealName: String?
    var powers: [String]
    var team: TeamRecord?
}
