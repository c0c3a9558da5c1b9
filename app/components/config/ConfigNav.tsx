// The /config navigation: a sidebar on wide screens; on a phone a "Menu" button (react-aria's
// Disclosure: keyboard and screen reader) that opens the list, a plain <details> until JavaScript runs.
import { NavLink } from '@remix-run/react';
import { useState, useSyncExternalStore } from 'react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';

interface Props {
  nav: { to: string; label: string }[];
}

const noSubscription = () => () => {};

function Links({ nav, onFollow }: Props & { onFollow?: () => void }) {
  return (
    <ul>
      {nav.map((n) => (
        <li key={n.to}>
          <NavLink to={n.to} end={n.to === '/config'} onClick={onFollow}>
            {n.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function ConfigNav({ nav }: Props) {
  // The server's HTML (and a browser without JavaScript) has the <details>; hydration keeps it
  // (false while hydrating), then the Disclosure replaces it, so the two renders never disagree.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [open, setOpen] = useState(false);
  return (
    <>
      <nav className="config-nav config-nav-wide" aria-label="Site settings">
        <Links nav={nav} />
      </nav>
      {enhanced ? (
        <Disclosure className="config-nav-narrow" isExpanded={open} onExpandedChange={setOpen}>
          <Button slot="trigger" className="config-nav-toggle secondary">
            Menu
          </Button>
          <DisclosurePanel>
            <nav className="config-nav" aria-label="Site settings">
              {/* A link followed closes the menu: the next screen starts with its content in view. */}
              <Links nav={nav} onFollow={() => setOpen(false)} />
            </nav>
          </DisclosurePanel>
        </Disclosure>
      ) : (
        <details className="config-nav-narrow">
          <summary className="config-nav-toggle">Menu</summary>
          <nav className="config-nav" aria-label="Site settings">
            <Links nav={nav} />
          </nav>
        </details>
      )}
    </>
  );
}
