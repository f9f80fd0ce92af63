// Presentation: presenters, view protocols and console views (MVP).
// Its types arrive with the Presentation issue; the module exists now so that the
// dependency rule is enforced from the first commit.
