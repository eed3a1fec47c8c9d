import type { Viewer } from '../../auth/viewer';
import { FieldValidationError } from '../../errors/field-validation-error';
import { editableOrganisation, type RequireOrganisationRole } from './profile-access';
import { ProfileNotFoundError, ProfileSlugTakenError, StaleProfileVersionError } from './profiles.errors';
import type {
  CreateProjectInput,
  DeleteProjectInput,
  ReorderProjectInput,
  UpdateProjectInput,
} from './profiles.inputs';
import { inTransaction, type ProfilesRepo } from './profiles.repo';
import type { ProjectRecord } from './profiles.types';

export interface ProfileProjectDeps {
  repo: ProfilesRepo;
  requireOrganisationRole: RequireOrganisationRole;
  newId: () => string;
}

/** What a project change answers: the project (null once deleted) and the profile's new version. */
export interface ProjectChange {
  project: ProjectRecord | null;
  projects: ProjectRecord[];
  version: number;
}

/**
 * Projects belong to an organisation profile's draft: each change takes the profile's next version (the
 * same optimistic lock as the profile's own saves) in one transaction with the change, and reaches
 * readers only when the profile is published.
 */
export function createProfileProjects(deps: ProfileProjectDeps) {
  const { repo } = deps;

  async function change(
    viewer: Viewer,
    profileId: string,
    version: number,
    work: (tx: ProfilesRepo) => Promise<ProjectRecord | null>,
  ): Promise<ProjectChange> {
    const row = await editableOrganisation(deps, viewer, profileId);
    if (row.version !== version) throw new StaleProfileVersionError(row.id, row.version);
    return inTransaction(repo, async (tx) => {
      if (!(await tx.bumpOrganisation(row.id, version, viewer.userId)))
        throw new StaleProfileVersionError(row.id, (await tx.organisation(row.id))?.version ?? row.version);
      const project = await work(tx);
      return { project, projects: await tx.projects(row.id), version: version + 1 };
    });
  }

  async function projectOf(viewer: Viewer, projectId: string) {
    const project = await repo.project(projectId);
    if (!project) throw new ProfileNotFoundError();
    await editableOrganisation(deps, viewer, project.profileId);
    return project;
  }

  const slugFree = async (tx: ProfilesRepo, profileId: string, slug: string, exceptId: string | null) => {
    const taken = (await tx.projects(profileId)).some((p) => p.slug === slug && p.projectId !== exceptId);
    if (taken) throw new ProfileSlugTakenError(slug);
  };

  return {
    /** Adds a project at the end of the organisation's list. */
    create: (viewer: Viewer, input: CreateProjectInput) =>
      change(viewer, input.profileId, input.version, async (tx) => {
        await slugFree(tx, input.profileId, input.project.slug, null);
        const position = (await tx.projects(input.profileId)).length;
        return tx.insertProject({
          ...input.project,
          projectId: deps.newId(),
          profileId: input.profileId,
          position,
        });
      }),

    async update(viewer: Viewer, input: UpdateProjectInput) {
      const project = await projectOf(viewer, input.projectId);
      return change(viewer, project.profileId, input.version, async (tx) => {
        await slugFree(tx, project.profileId, input.project.slug, project.projectId);
        return tx.updateProject(project.projectId, input.project);
      });
    },

    async delete(viewer: Viewer, input: DeleteProjectInput) {
      const project = await projectOf(viewer, input.projectId);
      return change(viewer, project.profileId, input.version, async (tx) => {
        await tx.deleteProject(project.projectId);
        return null;
      });
    },

    /** Puts the organisation's projects in the order given, which must name each of them once. */
    reorder: (viewer: Viewer, input: ReorderProjectInput) =>
      change(viewer, input.profileId, input.version, async (tx) => {
        const current = (await tx.projects(input.profileId)).map((p) => p.projectId).sort();
        const given = [...new Set(input.projectIds)].sort();
        if (given.length !== input.projectIds.length || given.join() !== current.join())
          throw new FieldValidationError([
            {
              path: ['input', 'projectIds'],
              code: 'invalid_value',
              message: 'List each of the organisation’s projects once.',
            },
          ]);
        await tx.setProjectPositions(input.profileId, input.projectIds);
        return null;
      }),
  };
}

export type ProfileProjects = ReturnType<typeof createProfileProjects>;
