/// A `{"items": […]}` body.
struct ItemList<Item: Encodable>: Encodable {
    let items: [Item]
}
