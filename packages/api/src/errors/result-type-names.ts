const capitalise = (name: string) => `${name.slice(0, 1).toUpperCase()}${name.slice(1)}`;

// Root fields name their results after themselves (`ViewerResult`, `UpdatePersonalDetailsResult`);
// nested fields keep their parent's name in front (`ViewerUserDataResult`).
const prefix = (parentTypeName: string) =>
  parentTypeName === 'Query' || parentTypeName === 'Mutation' ? '' : parentTypeName;

/** The name of a field's result union. */
export function resultUnionName(field: { parentTypeName: string; fieldName: string }): string {
  return `${prefix(field.parentTypeName)}${capitalise(field.fieldName)}Result`;
}

/** The name of the object wrapping a field's successful value (when it is not returned directly). */
export function resultSuccessName(field: { parentTypeName: string; fieldName: string }): string {
  return `${prefix(field.parentTypeName)}${capitalise(field.fieldName)}Success`;
}
