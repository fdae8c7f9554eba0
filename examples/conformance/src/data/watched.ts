// The content behind test://watched-resource; test_update_watched_resource changes it.
export const watched = { text: 'Watched resource content', version: 0 };
