// Fakes for the Domain ports.
