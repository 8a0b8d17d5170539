// Adding a contact by hand: a form that first shows who already looks like this person.
export { AddContactButton, useAddContact, type AddContactPreset } from './components/use-add-contact';
