import { Group, Kbd, Modal, Table } from '@mantine/core';
import { useDisclosure, useOs, useWindowEvent } from '@mantine/hooks';
import { SHORTCUTS, isTyping } from '../lib/shortcuts';

/** "?" anywhere outside a text field lists the keyboard shortcuts. */
export function KeyboardShortcuts() {
  const [opened, { open, close }] = useDisclosure(false);
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  useWindowEvent('keydown', (event) => {
    if (event.key === '?' && !event.ctrlKey && !event.metaKey && !isTyping(event.target)) {
      event.preventDefault();
      open();
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Keyboard shortcuts" centered>
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.does}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {shortcut.keys.map((key) => (
                    <Kbd key={key}>{key === 'mod' ? mod : key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{shortcut.does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
