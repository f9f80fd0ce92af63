// The Domain layer: entities, ports and use cases.
