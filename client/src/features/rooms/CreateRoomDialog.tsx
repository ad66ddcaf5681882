import { zodResolver } from '@hookform/resolvers/zod';
import { createRoomBodySchema, ROOM_MESSAGES, roomPath, type RoomMember } from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { InviteChecklist } from './InviteChecklist';
import { createRoom } from './roomsApi';
import './rooms.css';

/**
 * The watch-together modal (seed §2): the room's title, the invite checklist and who controls
 * playback. Without an episode or a title nothing is sent (seed §5, the shared schema's Turkish
 * messages); the button is disabled while the room is being created (seed §4); then the creator
 * goes to the room's page.
 */
export function CreateRoomDialog({ episodeId, onClose }: { episodeId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const showFailure = useFailureToast();
  const [invited, setInvited] = useState<readonly RoomMember[]>([]);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createRoomBodySchema),
    defaultValues: { episodeId, title: '', invite: [], controlMode: 'creator' as const },
  });

  const toggle = (member: RoomMember) => {
    const next = invited.some((held) => held.id === member.id)
      ? invited.filter((held) => held.id !== member.id)
      : [...invited, member];
    setInvited(next);
    setValue(
      'invite',
      next.map((held) => held.id),
    );
  };

  const submit = handleSubmit(async (body) => {
    try {
      const { code } = await createRoom(body);
      await navigate({ to: roomPath(code) });
    } catch (error) {
      showFailure(error);
    }
  });

  return (
    <Dialog title={ROOM_MESSAGES.createRoomHeading} onClose={onClose} className="create-room" busy={isSubmitting}>
      <form className="form" onSubmit={submit} noValidate>
        {errors.episodeId?.message ? (
          <p className="field__error" role="alert">
            {errors.episodeId.message}
          </p>
        ) : null}
        <TextField label={ROOM_MESSAGES.roomTitleLabel} registration={register('title')} error={errors.title?.message} autoComplete="off" />
        <InviteChecklist invited={invited} toggle={toggle} error={errors.invite?.message} />
        <fieldset className="create-room__control">
          <legend className="field__label">{ROOM_MESSAGES.controlModeLabel}</legend>
          <label className="checkbox">
            <input type="radio" value="creator" {...register('controlMode')} />
            <span>{ROOM_MESSAGES.controlModeCreator}</span>
          </label>
          <label className="checkbox">
            <input type="radio" value="everyone" {...register('controlMode')} />
            <span>{ROOM_MESSAGES.controlModeEveryone}</span>
          </label>
          {errors.controlMode?.message ? <p className="field__error">{errors.controlMode.message}</p> : null}
        </fieldset>
        <SubmitButton pending={isSubmitting}>{ROOM_MESSAGES.createRoom}</SubmitButton>
      </form>
    </Dialog>
  );
}
