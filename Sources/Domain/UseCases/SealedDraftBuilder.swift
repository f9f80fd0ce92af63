/// Checks the fields, seals a real name, and reports every problem at once.
struct SealedDraftBuilder: Sendable {
    let cipher: any SecretIdentityCipher

    enum RealNameSource {
        /// Already sealed (or none).
        case sealed(SealedSecret?)
        /// Seal this name (not "clear", which would read as `FieldEdit.clear`); blank is invalid.
        case plainText(String)
    }

    func draft(codeName: String, powers: [String], teamID: Team.ID?, realName: RealNameSource) throws
        -> HeroDraft
    {
        let sealing = Result { try seal(realName) }
        var problems = HeroDraft.problems(codeName: codeName, powers: powers)
        switch sealing {
        case .success: break
        case .failure(DomainError.invalid(let found)): problems.merge(found) { first, _ in first }
        case .failure(let other): throw other
        }
        guard problems.isEmpty, case .success(let sealed) = sealing else {
            throw DomainError.invalid(problems)
        }
        return try HeroDraft(codeName: codeName, powers: powers, teamID: teamID, sealedRealName: sealed)
    }

    private func seal(_ realName: RealNameSource) throws -> SealedSecret? {
        switch realName {
        case .sealed(let sealed):
            return sealed
        case .plainText(let name):
            let trimmed = name.trimmed
            guard !trimmed.isEmpty else { throw DomainError.invalid([.realName: "must not be empty"]) }
            return try cipher.seal(trimmed)
        }
    }
}
