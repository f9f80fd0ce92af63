/// A hero as the body of a create or a replace describes it, already validated.
struct HeroSubmission {
    /// The code name.
    var codeName: String
    /// The sealed secret identity.
    var encryptedRealName: String?
    /// The powers.
    var powers: [String]
    /// The team.
    var team: TeamRecord?
}
