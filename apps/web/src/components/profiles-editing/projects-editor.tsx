'use client';

import { useRef, useState } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import {
  CreateProjectMutation,
  DeleteProjectMutation,
  ReorderProjectMutation,
  UpdateProjectMutation,
} from '../../client/graphql/profile-editing.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { fieldMessages, type FieldMessages } from '../../client/profiles/profile-field-errors';
import { useHydrated } from '../../client/use-hydrated';
import { buttonClass, primaryClass } from './form-parts';
import { ProfileSaveStatus, type SaveStatus } from './profile-save-status';
import { emptyProject, ProjectForm, type ProjectDraft } from './project-form';

export interface ProjectItem extends ProjectDraft {
  projectId: string;
}

const FAILED = 'That did not work just now. Nothing has changed: please try again.';

type ChangeResult =
  | {
      __typename: 'ProjectChange';
      version: number;
      projects: {
        projectId: string;
        slug: string;
        title: string;
        description: string;
        thumbnail?: string | null;
        assets: { type: 'IMAGE' | 'YOUTUBE'; url: string; description: string }[];
      }[];
    }
  | { __typename: 'ZodError'; message: string; fieldErrors: { path: string[]; message: string }[] }
  | { __typename: string; message: string };

/**
 * An organisation profile's projects: the list in its order, moved up or down by buttons (each move saves
 * the new order), added, edited and deleted. Every change names the profile's version and answers the
 * next one; projects are part of the draft until the profile is published.
 */
export function ProjectsEditor({
  profileId,
  initialVersion,
  initialProjects,
}: {
  profileId: string;
  initialVersion: number;
  initialProjects: ProjectItem[];
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [version, setVersion] = useState(initialVersion);
  const [projects, setProjects] = useState(initialProjects);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const say = (text: string, error: boolean) => {
    setStatus({ text, error });
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  /** Applies a change's answer; true when it was saved. */
  function apply(result: ChangeResult, done: string): boolean {
    if (result.__typename === 'ProjectChange' && 'projects' in result) {
      setVersion(result.version);
      setProjects(
        result.projects.map((p) => ({
          projectId: p.projectId,
          slug: p.slug,
          title: p.title,
          description: p.description,
          thumbnail: p.thumbnail ?? null,
          assets: p.assets.map((a) => ({ type: a.type, url: a.url, description: a.description })),
        })),
      );
      setErrors({});
      say(done, false);
      return true;
    }
    if (result.__typename === 'ZodError' && 'fieldErrors' in result) {
      setErrors(fieldMessages(result.fieldErrors, 'project'));
      say('The project was not saved: see the messages by the fields.', true);
      return false;
    }
    if (result.__typename === 'ProfileSlugTakenError') setErrors({ slug: result.message });
    say('message' in result ? result.message : FAILED, true);
    return false;
  }

  async function act(work: () => Promise<ChangeResult>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      return apply(await work(), done);
    } catch {
      say(FAILED, true);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const fields = (p: ProjectDraft) => ({
    slug: p.slug,
    title: p.title,
    description: p.description,
    thumbnail: p.thumbnail,
    assets: p.assets,
  });

  async function saveProject(project: ProjectDraft) {
    const saved =
      editing === 'new'
        ? await act(
            async () =>
              (
                await runMutation(client, CreateProjectMutation, {
                  input: { profileId, version, project: fields(project) },
                })
              ).createProject as ChangeResult,
            `Project “${project.title}” added.`,
          )
        : await act(
            async () =>
              (
                await runMutation(client, UpdateProjectMutation, {
                  input: { projectId: editing!, version, project: fields(project) },
                })
              ).updateProject as ChangeResult,
            `Project “${project.title}” saved.`,
          );
    if (saved) setEditing(null);
  }

  async function move(index: number, by: -1 | 1) {
    const order = projects.map((p) => p.projectId);
    const [id] = order.splice(index, 1);
    order.splice(index + by, 0, id!);
    const title = projects[index]!.title;
    await act(
      async () =>
        (
          await runMutation(client, ReorderProjectMutation, {
            input: { profileId, version, projectIds: order },
          })
        ).reorderProject as ChangeResult,
      `“${title}” moved ${by < 0 ? 'up' : 'down'}: it is now number ${index + by + 1}.`,
    );
  }

  async function remove(project: ProjectItem) {
    if (!window.confirm(`Delete the project “${project.title}”? This cannot be undone.`)) return;
    await act(
      async () =>
        (
          await runMutation(client, DeleteProjectMutation, {
            input: { projectId: project.projectId, version },
          })
        ).deleteProject as ChangeResult,
      `Project “${project.title}” deleted.`,
    );
  }

  return (
    <div aria-busy={busy}>
      <ProfileSaveStatus ref={statusRef} status={status} />
      {projects.length === 0 ? <p className="mt-4">No projects yet. Add the first one.</p> : null}
      <ol
        className="mt-4 space-y-3"
        data-testid="project-list"
        aria-label="Projects, in the order the page shows them"
      >
        {projects.map((project, index) => (
          <li key={project.projectId} className="rounded border border-neutral-300 p-3">
            <p className="font-semibold" data-testid="project-title">
              {index + 1}. {project.title}
            </p>
            <p className="text-sm text-muted">
              {project.assets.length === 1 ? '1 asset' : `${project.assets.length} assets`}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass}
                disabled={!hydrated || busy || index === 0}
                onClick={() => void move(index, -1)}
              >
                Move “{project.title}” up
              </button>
              <button
                type="button"
                className={buttonClass}
                disabled={!hydrated || busy || index === projects.length - 1}
                onClick={() => void move(index, 1)}
              >
                Move “{project.title}” down
              </button>
              <button
                type="button"
                className={buttonClass}
                disabled={!hydrated || busy}
                onClick={() => {
                  setErrors({});
                  setEditing(project.projectId);
                }}
              >
                Edit “{project.title}”
              </button>
              <button
                type="button"
                className={buttonClass}
                disabled={!hydrated || busy}
                onClick={() => void remove(project)}
              >
                Delete “{project.title}”
              </button>
            </div>
            {editing === project.projectId ? (
              <ProjectForm
                heading={`Edit “${project.title}”`}
                initial={project}
                errors={errors}
                busy={busy}
                submitLabel="Save project"
                onSubmit={(p) => void saveProject(p)}
                onCancel={() => setEditing(null)}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {editing === 'new' ? (
        <ProjectForm
          heading="New project"
          initial={emptyProject()}
          errors={errors}
          busy={busy}
          submitLabel="Add project"
          onSubmit={(p) => void saveProject(p)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button
          type="button"
          className={`${primaryClass} mt-4`}
          disabled={!hydrated || busy}
          onClick={() => {
            setErrors({});
            setEditing('new');
          }}
        >
          Add a project
        </button>
      )}
    </div>
  );
}
