import type {
  CreateParams,
  CreateResult,
  GetListParams,
  GetListResult,
  GetOneParams,
  GetOneResult,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';

/**
 * One CRUD method of a resource whose endpoint is not the ra-data-simple-rest one. `rest` is the
 * simple-rest call of the same method and resource, for the cases the resource leaves to it.
 */
type PartMethod<Params, Result> = (
  params: Params,
  rest: (params: Params) => Promise<Result>,
) => Promise<Result>;

/**
 * A resource's slice of the dataProvider, kept in its folder (`src/resources/<r>/dataProvider.ts`)
 * and composed by name in ./index.ts: the methods it leaves out are plain simple-rest.
 */
export interface ResourcePart {
  getList?: PartMethod<GetListParams, GetListResult>;
  getOne?: PartMethod<GetOneParams, GetOneResult>;
  create?: PartMethod<CreateParams, CreateResult>;
  update?: PartMethod<UpdateParams, UpdateResult>;
  updateMany?: PartMethod<UpdateManyParams, UpdateManyResult>;
}
