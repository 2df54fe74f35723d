import { useState, type FormEvent, type ReactNode } from 'react';
import type { RequestOf } from '../../../common/contract';
import type { HostConfig } from '../../../common/runs/run-types';
import { ModalDialog } from '../components/modal-dialog';
import { useWrite } from '../api/use-write';
import { fieldErrorsOf, type FieldErrors } from './field-errors';

interface Draft {
  name: string;
  address: string;
  port: string;
  identityFile: string;
  knownHostsFile: string;
  workDir: string;
  gpuLabel: string;
  slots: string;
  envNames: string;
}

function draftOf(host: HostConfig | null): Draft {
  if (!host) return { name: '', address: '', port: '22', identityFile: '', knownHostsFile: '', workDir: '~/rwb-runs', gpuLabel: '', slots: '', envNames: '' };
  return {
    name: host.name,
    address: `${host.user}@${host.host}`,
    port: String(host.port),
    identityFile: host.identityFile ?? '',
    knownHostsFile: host.knownHostsFile ?? '',
    workDir: host.workDir,
    gpuLabel: host.gpuLabel,
    slots: host.slots === null ? '' : String(host.slots),
    envNames: host.envNames.join(' '),
  };
}

/** The request as typed; the backend alone judges it, so its messages land on the fields. */
function requestOf(d: Draft): RequestOf<'hosts.save'> {
  const at = d.address.lastIndexOf('@');
  return {
    name: d.name.trim(),
    user: at === -1 ? '' : d.address.slice(0, at).trim(),
    host: (at === -1 ? d.address : d.address.slice(at + 1)).trim(),
    ...(d.port.trim() === '' ? {} : { port: Number(d.port) }),
    identityFile: d.identityFile.trim() || null,
    knownHostsFile: d.knownHostsFile.trim() || null,
    ...(d.workDir.trim() === '' ? {} : { workDir: d.workDir.trim() }),
    gpuLabel: d.gpuLabel.trim(),
    slots: d.slots.trim() === '' ? null : Number(d.slots),
    envNames: d.envNames.split(/[\s,]+/).filter(Boolean),
  };
}

function Field({ label, hint, error, testId, children }: { label: string; hint: string; error: string | undefined; testId: string; children: ReactNode }) {
  return (
    <label className={error ? 'host-field has-error' : 'host-field'}>
      <span className="host-field-label">{label}</span>
      {children}
      {error ? (
        <span className="field-error" role="alert" data-testid="field-error" data-field={testId}>
          {error}
        </span>
      ) : (
        <span className="field-hint">{hint}</span>
      )}
    </label>
  );
}

/** Adds an SSH host or edits one (its name stays: runs refer to it as `ssh:<name>`). */
export function HostDialog({ host, onClose }: { host: HostConfig | null; onClose(): void }) {
  const [draft, setDraft] = useState(() => draftOf(host));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useWrite('hosts.save', ['hosts']);
  const input = (key: keyof Draft, testId: string, props: { placeholder?: string; disabled?: boolean; type?: string; autoFocus?: boolean } = {}) => (
    <input
      type={props.type ?? 'text'}
      value={draft[key]}
      placeholder={props.placeholder}
      disabled={props.disabled}
      spellCheck={false}
      autoComplete="off"
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      data-testid={testId}
      {...(props.autoFocus ? { 'data-autofocus': true } : {})}
    />
  );

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    try {
      await save.run(requestOf(draft));
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      return;
    }
    onClose();
  }

  const addressError = [errors.user, errors.host].filter(Boolean).join('; ') || undefined;
  return (
    <ModalDialog title={host ? `Edit SSH host ${host.name}` : 'Add an SSH host'} testId="host-dialog" canClose={!save.running} onClose={onClose}>
      <form className="host-form" onSubmit={(e) => void onSubmit(e)}>
        <div className="modal-body host-fields">
          <p className="modal-intro">
            Runs reach the host with the system <code>ssh</code> and your keys, checking its host key against known_hosts. Nothing secret is stored here: only
            the path of the key.
          </p>
          {errors[''] && (
            <p className="field-error" role="alert" data-testid="field-error" data-field="">
              {errors['']}
            </p>
          )}
          <Field label="Name" hint="Runs use it as the backend ssh:<name>." error={errors.name} testId="host-name">
            {input('name', 'host-name', { placeholder: 'gpu-box-2', disabled: host !== null, autoFocus: host === null })}
          </Field>
          <Field label="User@host" hint="Login name and DNS name or IP address." error={addressError} testId="host-address">
            {input('address', 'host-address', { placeholder: 'ana@gpu-box-2.lab.example.org', autoFocus: host !== null })}
          </Field>
          <Field label="Port" hint="Default 22." error={errors.port} testId="host-port">
            {input('port', 'host-port', { type: 'number' })}
          </Field>
          <Field label="Identity file" hint="Absolute path of the private key; empty uses ssh's defaults." error={errors.identityFile} testId="host-identity">
            {input('identityFile', 'host-identity', { placeholder: '/home/ana/.ssh/id_ed25519' })}
          </Field>
          <Field label="known_hosts file" hint="Empty checks against ~/.ssh/known_hosts." error={errors.knownHostsFile} testId="host-known-hosts">
            {input('knownHostsFile', 'host-known-hosts')}
          </Field>
          <Field label="Remote work folder" hint="Each attempt gets its own folder under it." error={errors.workDir} testId="host-workdir">
            {input('workDir', 'host-workdir')}
          </Field>
          <Field label="GPU label" hint="Shown beside the host, e.g. 2× A100 80GB." error={errors.gpuLabel} testId="host-gpu">
            {input('gpuLabel', 'host-gpu')}
          </Field>
          <Field label="Slots" hint="Attempts it runs at once; empty: one per GPU nvidia-smi lists there, else one." error={errors.slots} testId="host-slots">
            {input('slots', 'host-slots', { type: 'number', placeholder: 'auto' })}
          </Field>
          <Field
            label="Extra environment"
            hint="Variable names its programs may receive beyond PATH, HOME, LANG/LC_*, TZ, TMPDIR, CUDA_VISIBLE_DEVICES and the like."
            error={errors.envNames}
            testId="host-env"
          >
            {input('envNames', 'host-env', { placeholder: 'HF_HOME WANDB_MODE' })}
          </Field>
        </div>
        <footer className="modal-foot">
          <button type="button" className="button" onClick={onClose} disabled={save.running}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={save.running} data-testid="host-save">
            {save.running ? 'Saving…' : 'Save host'}
          </button>
        </footer>
      </form>
    </ModalDialog>
  );
}
