// Data: DTOs, mappers, storage and offline-first repositories.
// Its types arrive with the Data layer issue; the module exists now so that the
// dependency rule is enforced from the first commit.
